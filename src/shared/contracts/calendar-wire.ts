import { z } from 'zod';
import { ZHoliday, ZNoteView, ZReason } from './calendar';
import { ZCalendarShell } from './calendar-bundle';
import { ZDay } from './common';
import { ZEngineContract } from './employees';
import { ZSettings } from './settings';
import { ZCalendarTeam } from './teams';

/**
 * `GET /api/calendar`'s reply as it travels (decision 077): the site's lists as rows of values in a fixed
 * column order, not objects, and exceptions naming their employee and type by id only, for the client to join
 * (`decodeCalendar`). Dates in rows are day numbers counted from `day0`, the window's first day (negative
 * before it). Notes, holidays, types and teams are few and stay objects. The spec's own list reads keep their shapes.
 */

const ZHours = z.number();
const ZWeek = z.tuple([ZHours, ZHours, ZHours, ZHours, ZHours, ZHours, ZHours]);

/**
 * [id, name, efficiency, sortOrder, [Monday … Sunday hours], endDate, contracts, teamId]. `contracts` is null
 * when the one version from the beginning and no end date tell the whole story (decision 076); the hours are
 * then its. `teamId` is null for an employee in no team (decision 085).
 */
export const ZEmployeeRow = z.tuple([
  z.number(),
  z.string(),
  z.number(),
  z.number(),
  ZWeek,
  ZDay.nullable(),
  z.array(ZEngineContract).nullable(),
  z.number().nullable(),
]);

/** [id, employeeId, reasonId, start day, end day, isFullDay, hours, notes, version]. */
export const ZExceptionRow = z.tuple([
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.boolean(),
  z.number().nullable(),
  z.string().nullable(),
  z.number(),
]);

/** [day, authorised, defaultHours, currentHours, authorisedHours, authorisedBy, authorisedAt, lastModified]. */
export const ZDayChangeRow = z.tuple([
  z.number(),
  z.boolean(),
  z.number(),
  z.number(),
  z.number().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string(),
]);

/**
 * The site's coverage rules (decision 099): [versions, overrides]. A version is [validFrom, [Monday … Sunday
 * minimum, null for none]], every one the site has (few; the one holding on the window's first day may have
 * begun long before); an override is [day, hours] for the window's days only.
 */
const ZMinimum = z.number().nullable();
export const ZCoverageWire = z.tuple([
  z.array(z.tuple([ZDay, z.tuple([ZMinimum, ZMinimum, ZMinimum, ZMinimum, ZMinimum, ZMinimum, ZMinimum])])),
  z.array(z.tuple([z.number(), z.number()])),
]);

/** 3: employee rows end with the team, and the site's teams are listed (decision 085). 4: coverage rules (decision 099). */
export const CALENDAR_WIRE_FORMAT = 4;

export const ZCalendarWire = z.object({
  format: z.literal(CALENDAR_WIRE_FORMAT),
  siteId: z.number(),
  day0: ZDay,
  employees: z.array(ZEmployeeRow),
  reasons: z.array(ZReason),
  teams: z.array(ZCalendarTeam),
  exceptions: z.array(ZExceptionRow),
  notes: z.array(ZNoteView),
  holidays: z.array(ZHoliday),
  dayChanges: z.array(ZDayChangeRow),
  coverage: ZCoverageWire,
  settings: ZSettings,
  /**
   * Staff replies only (decision 106): per window day from `day0`, the site's available hours less the caller's
   * own, since colleagues' rows come without hours; the calendar adds the hours it computes for the caller.
   */
  othersHours: z.array(z.number()).optional(),
  shell: ZCalendarShell.optional(),
});
export type TCalendarWire = z.infer<typeof ZCalendarWire>;
