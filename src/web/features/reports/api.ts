import { useQuery } from '@tanstack/react-query';
import { reportFileName, type TEmailReportRequestIn, type TReportRequestIn, type TReportType } from '../../../shared/contracts/reports';
import { ApiError, api, errorFromResponse, fetchFile } from '../../lib/api';
import { msg } from './messages';

export const reportCountKey = (startDate: string, endDate: string, siteScope: string) =>
  ['/api/reports/count', startDate, endDate, siteScope] as const;

/** Exceptions overlapping the range in the scope, and the number of sites the user may use. */
export function useReportCount(startDate: string, endDate: string, siteScope: 'current' | 'all', enabled: boolean) {
  return useQuery({
    queryKey: reportCountKey(startDate, endDate, siteScope),
    queryFn: () => api('GET /api/reports/count', { query: { startDate, endDate, siteScope } }),
    enabled,
  });
}

export const previewReport = (body: TReportRequestIn) => api('POST /api/report-preview', { body });
export const emailReport = (body: TEmailReportRequestIn) => api('POST /api/email-report', { body });

/** POSTs for a file and saves it under the given name; returns the name. */
async function download(route: 'POST /api/generate-pdf' | 'POST /api/reports/csv', body: TReportRequestIn, name: string): Promise<string> {
  const res = await fetchFile(route, { body });
  if (!res.ok) {
    const err = await errorFromResponse(res);
    throw err.message === res.statusText || !err.message ? new ApiError(res.status, msg.httpError(res.status)) : err;
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

const typeOf = (body: TReportRequestIn): TReportType =>
  body.reportType === undefined ? 'exceptions' : body.reportType === 'available-hours' ? 'hours' : body.reportType;

export const downloadPdf = (body: TReportRequestIn) =>
  download('POST /api/generate-pdf', body, reportFileName(typeOf(body), body.startDate, body.endDate));
export const downloadCsv = (body: TReportRequestIn) =>
  download('POST /api/reports/csv', body, reportFileName(typeOf(body), body.startDate, body.endDate, 'csv'));
