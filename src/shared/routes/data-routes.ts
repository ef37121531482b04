import { z } from 'zod';
import { ZDayChange, ZExceptionView, ZExceptionWindowQuery, ZHoliday, ZNoteView, ZReason, ZWindowQuery } from '../contracts/calendar';
import { ZCalendarQuery } from '../contracts/calendar-bundle';
import { ZCalendarWire } from '../contracts/calendar-wire';
import { ZIdParams, ZMessage } from '../contracts/common';
import { ZDataMaintenancePreview, ZDataMaintenancePreviewQuery } from '../contracts/data-maintenance';
import { ZAuthoriseMultipleRequest, ZAuthoriseMultipleResponse, ZDayRequest } from '../contracts/day-changes';
import {
  ZContractDeleteQuery,
  ZContractInput,
  ZContractList,
  ZContractParams,
  ZDayExplain,
  ZDayExplainQuery,
  ZEmployeeDeleteQuery,
  ZEndDateInput,
} from '../contracts/employee-contracts';
import { ZEmployee, ZEmployeeInput, ZEmployeeList, ZReorderRequest } from '../contracts/employees';
import { ZExceptionRequest, ZExceptionUpdateRequest } from '../contracts/exceptions';
import { ZCreateFeedRequest, ZFeedList, ZFeedWithUrl } from '../contracts/feeds';
import {
  ZCreateHolidayRequest,
  ZDataMaintenanceRequest,
  ZDataMaintenanceResponse,
  ZHolidayCandidate,
  ZHolidayCandidatesQuery,
  ZHolidayDeleteQuery,
  ZImportHolidaysRequest,
  ZImportHolidaysResponse,
  ZRegionQuery,
  ZRegions,
} from '../contracts/holidays';
import { ZNotePatchRequest, ZNoteRequest } from '../contracts/notes';
import { ZReasonInput, ZReasonList, ZReasonReorderRequest } from '../contracts/reasons';
import {
  ZEmailReportRequest,
  ZEmailReportResponse,
  ZReportCount,
  ZReportCountQuery,
  ZReportPreview,
  ZReportRequest,
} from '../contracts/reports';
import { ZRecipientList, ZRecipientListRequest, ZRecipientLists } from '../contracts/report-recipients';
import { ZReorderCategoriesRequest, ZSettings, ZSettingsResponse, ZUpdateSettingsRequest } from '../contracts/settings';
import { ZTeam, ZTeamCreate, ZTeamList, ZTeamUpdate } from '../contracts/teams';
import { ZExportExceptionsQuery, ZImportPreview, ZImportRequest, ZImportResult } from '../contracts/transfer';
import { routes } from './route-spec';

/** A site's data: employees, teams, the calendar and its records, settings, holidays, reports, feeds, import and export. */
export const dataRoutes = routes({
  'GET /api/employees': { reply: ZEmployeeList },
  'POST /api/employees': { body: ZEmployeeInput, reply: ZEmployee },
  'PUT /api/employees/:id': { params: ZIdParams, body: ZEmployeeInput, reply: ZEmployee },
  'DELETE /api/employees/:id': { params: ZIdParams, query: ZEmployeeDeleteQuery, reply: ZMessage },
  'POST /api/employees/:id/reorder': { params: ZIdParams, body: ZReorderRequest, reply: ZEmployeeList },
  'GET /api/teams': { reply: ZTeamList },
  'POST /api/teams': { body: ZTeamCreate, reply: ZTeam },
  'PUT /api/teams/:id': { params: ZIdParams, body: ZTeamUpdate, reply: ZTeam },
  'DELETE /api/teams/:id': { params: ZIdParams, reply: ZMessage },
  'GET /api/employees/:id/contracts': { params: ZIdParams, reply: ZContractList },
  'POST /api/employees/:id/contracts': { params: ZIdParams, body: ZContractInput, reply: ZContractList },
  'PUT /api/employees/:id/contracts/:contractId': { params: ZContractParams, body: ZContractInput, reply: ZContractList },
  'DELETE /api/employees/:id/contracts/:contractId': { params: ZContractParams, query: ZContractDeleteQuery, reply: ZContractList },
  'PUT /api/employees/:id/end-date': { params: ZIdParams, body: ZEndDateInput, reply: ZContractList },
  'GET /api/day-explain': { query: ZDayExplainQuery, reply: ZDayExplain },
  'GET /api/exceptions': { query: ZExceptionWindowQuery, reply: z.array(ZExceptionView) },
  'GET /api/notes': { query: ZWindowQuery, reply: z.array(ZNoteView) },
  'GET /api/public-holidays': { query: ZWindowQuery, reply: z.array(ZHoliday) },
  'GET /api/day-changes': { query: ZWindowQuery, reply: z.array(ZDayChange) },
  'GET /api/exception-reasons': { reply: z.array(ZReason) },
  'GET /api/calendar': { query: ZCalendarQuery, reply: ZCalendarWire },
  'POST /api/exception-reasons': { body: ZReasonInput, reply: ZReason },
  'PUT /api/exception-reasons/:id': { params: ZIdParams, body: ZReasonInput, reply: ZReason },
  'DELETE /api/exception-reasons/:id': { params: ZIdParams, reply: ZMessage },
  'POST /api/exception-reasons/:id/reorder': { params: ZIdParams, body: ZReasonReorderRequest, reply: ZReasonList },
  'POST /api/exceptions': { body: ZExceptionRequest, reply: ZExceptionView },
  'PUT /api/exceptions/:id': { params: ZIdParams, body: ZExceptionUpdateRequest, reply: ZExceptionView },
  'PUT /api/absences/:id': { params: ZIdParams, body: ZExceptionUpdateRequest, reply: ZExceptionView },
  'DELETE /api/exceptions/:id': { params: ZIdParams, reply: ZMessage },
  'POST /api/notes': { body: ZNoteRequest, reply: ZNoteView },
  'PATCH /api/notes/:id': { params: ZIdParams, body: ZNotePatchRequest, reply: ZNoteView },
  'DELETE /api/notes/:id': { params: ZIdParams, reply: ZMessage },
  'POST /api/day-changes/mark': { body: ZDayRequest, reply: ZDayChange },
  'POST /api/day-changes/authorise': { body: ZDayRequest, reply: ZDayChange },
  'POST /api/day-changes/authorise-multiple': { body: ZAuthoriseMultipleRequest, reply: ZAuthoriseMultipleResponse },
  'GET /api/settings': { reply: ZSettingsResponse },
  'PUT /api/settings': { body: ZUpdateSettingsRequest, reply: ZSettingsResponse },
  'POST /api/settings/reorder-categories': { body: ZReorderCategoriesRequest, reply: ZSettings },
  'GET /api/data-maintenance/preview': { query: ZDataMaintenancePreviewQuery, reply: ZDataMaintenancePreview },
  'POST /api/data-maintenance': { body: ZDataMaintenanceRequest, reply: ZDataMaintenanceResponse },
  'POST /api/public-holidays': { body: ZCreateHolidayRequest, reply: ZHoliday },
  'DELETE /api/public-holidays/:id': { params: ZIdParams, query: ZHolidayDeleteQuery, reply: ZMessage },
  'GET /api/holiday-catalogue/countries': { reply: ZRegions },
  'GET /api/holiday-catalogue/states': { query: ZRegionQuery.pick({ country: true }), reply: ZRegions },
  'GET /api/holiday-catalogue/holidays': { query: ZHolidayCandidatesQuery, reply: z.array(ZHolidayCandidate) },
  'POST /api/public-holidays/import': { body: ZImportHolidaysRequest, reply: ZImportHolidaysResponse },
  'GET /api/reports/count': { query: ZReportCountQuery, reply: ZReportCount },
  'POST /api/report-preview': { body: ZReportRequest, reply: ZReportPreview },
  'POST /api/generate-pdf': { body: ZReportRequest, file: true },
  'POST /api/reports/csv': { body: ZReportRequest, file: true },
  'POST /api/email-report': { body: ZEmailReportRequest, reply: ZEmailReportResponse },
  'GET /api/report-recipient-lists': { reply: ZRecipientLists },
  'POST /api/report-recipient-lists': { body: ZRecipientListRequest, reply: ZRecipientList },
  'PUT /api/report-recipient-lists/:id': { params: ZIdParams, body: ZRecipientListRequest, reply: ZRecipientList },
  'DELETE /api/report-recipient-lists/:id': { params: ZIdParams, reply: ZMessage },
  'GET /api/calendar-feeds': { reply: ZFeedList },
  'POST /api/calendar-feeds': { body: ZCreateFeedRequest, reply: ZFeedWithUrl },
  'POST /api/calendar-feeds/:id/renew': { params: ZIdParams, reply: ZFeedWithUrl },
  'DELETE /api/calendar-feeds/:id': { params: ZIdParams, reply: ZMessage },
  'GET /api/export/employees.csv': { file: true },
  'GET /api/export/exceptions.csv': { query: ZExportExceptionsQuery, file: true },
  'POST /api/import/employees/preview': { body: ZImportRequest, reply: ZImportPreview },
  'POST /api/import/employees': { body: ZImportRequest, reply: ZImportResult },
  'POST /api/import/exceptions/preview': { body: ZImportRequest, reply: ZImportPreview },
  'POST /api/import/exceptions': { body: ZImportRequest, reply: ZImportResult },
});
