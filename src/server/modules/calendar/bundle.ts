import { sql } from 'drizzle-orm';
import type { TCalendarQuery, TCalendarResponse } from '../../../shared/contracts/calendar-bundle';
import { CALENDAR_WIRE_FORMAT } from '../../../shared/contracts/calendar-wire';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import {
  coverageOverrides,
  coverageRules,
  dayChanges,
  exceptionReasons,
  exceptions,
  notes,
  publicHolidays,
  siteSettings,
  siteStaffVersions,
  teams,
} from '../../db/schema';
import { KeptBySite } from '../../db/kept-by-site';
import { overlapsWindow } from '../../db/site-days';
import { calendarStaffRows } from '../day-ledger';
import { getSettingsRow, normaliseOrder, toSettings } from '../settings';
import { siteMarkSql } from './data-mark';

/**
 * `GET /api/calendar` (decision 032): the calendar's lists in ONE statement, each list built as JSON
 * by the database in the shape the separate reads answer (decision 007), so the reply is a consistent
 * snapshot and costs one round trip. Window rows are found through the site-day bands (decision 031).
 */

const iso = (col: unknown) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const list = (body: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
  sql`coalesce((select json_agg(x.j order by ${order}) from (${body}) x), '[]'::json)`;

function statement(actor: Actor, q: TCalendarQuery, knownStaff: string) {
  const [from, to] = [q.startDate, q.endDate];
  const [dcFrom, dcTo] = [q.dayChangesStartDate ?? from, q.dayChangesEndDate ?? to];
  const reasonVisible = sql`(${exceptionReasons.businessId} = ${actor.businessId} or ${inSite(actor, exceptionReasons.siteId)})`;
  const employeeRows = calendarStaffRows(actor);
  const reasonRows = sql`select ${exceptionReasons.sortOrder} as o1, ${exceptionReasons.id} as o2, json_build_object(
      'id', ${exceptionReasons.id}, 'name', ${exceptionReasons.name}, 'color', ${exceptionReasons.color}, 'isAdditive', ${exceptionReasons.isAdditive},
      'needsTwoApprovals', ${exceptionReasons.needsTwoApprovals}, 'countsAgainstAllowance', ${exceptionReasons.countsAgainstAllowance},
      'isSickness', ${exceptionReasons.isSickness}, 'isRequestable', ${exceptionReasons.isRequestable}, 'sortOrder', ${exceptionReasons.sortOrder}, 'scope', case when ${exceptionReasons.siteId} is null then 'business' else 'site' end) as j
    from ${exceptionReasons} where ${reasonVisible}`;
  const teamRows = sql`select ${teams.sortOrder} as o1, ${teams.id} as o2,
      json_build_object('id', ${teams.id}, 'name', ${teams.name}, 'sortOrder', ${teams.sortOrder}) as j
    from ${teams} where ${inSite(actor, teams.siteId)}`;
  // ZExceptionRow: the employee and type by id alone, the client joins their names (decision 077).
  const day = (col: unknown) => sql`(${col} - ${from}::date)`;
  const exceptionRows = sql`select ${exceptions.startDate} as o1, ${exceptions.id} as o2, json_build_array(
      ${exceptions.id}, ${exceptions.employeeId}, ${exceptions.reasonId}, ${day(exceptions.startDate)}, ${day(exceptions.endDate)},
      ${exceptions.isFullDay}, ${exceptions.hours}, ${exceptions.notes}, ${exceptions.version}) as j
    from ${exceptions} where ${inSite(actor, exceptions.siteId)} and ${overlapsWindow(exceptions, actor.siteId, from, to)}`;
  const noteRows = sql`select ${notes.startDate} as o1, ${notes.id} as o2, json_build_object(
      'id', ${notes.id}, 'siteId', ${notes.siteId}, 'title', ${notes.title}, 'description', ${notes.description},
      'startDate', ${notes.startDate}, 'endDate', ${notes.endDate}, 'color', ${notes.color}, 'isFullDay', ${notes.isFullDay},
      'version', ${notes.version}, 'createdAt', ${iso(notes.createdAt)}, 'updatedAt', ${iso(notes.updatedAt)}) as j
    from ${notes} where ${inSite(actor, notes.siteId)} and ${overlapsWindow(notes, actor.siteId, from, to)}`;
  const holidayRows = sql`select ${publicHolidays.date} as o1, ${publicHolidays.id} as o2,
      json_build_object('id', ${publicHolidays.id}, 'name', ${publicHolidays.name}, 'date', ${publicHolidays.date}) as j
    from ${publicHolidays} where ${inSite(actor, publicHolidays.siteId)} and ${publicHolidays.date} between ${from}::date and ${to}::date`;
  const dayChangeRows = sql`select ${dayChanges.date} as o1, 0 as o2, json_build_array(
      ${day(dayChanges.date)}, ${dayChanges.isAuthorised}, ${dayChanges.defaultHours}, ${dayChanges.currentHours}, ${dayChanges.authorisedHours},
      (select u.username from site_users u where u.id = ${dayChanges.authorisedBy}), ${iso(dayChanges.authorisedAt)}, ${iso(dayChanges.lastModified)}) as j
    from ${dayChanges} where ${inSite(actor, dayChanges.siteId)} and ${dayChanges.date} between ${dcFrom}::date and ${dcTo}::date`;
  // The coverage rules (decision 099): every version, few and small, and the window's overrides, as ZCoverageWire.
  const r = coverageRules;
  const coverage = sql`json_build_array(
      coalesce((select json_agg(json_build_array(${r.validFrom}, json_build_array(${r.mondayHours}, ${r.tuesdayHours}, ${r.wednesdayHours},
        ${r.thursdayHours}, ${r.fridayHours}, ${r.saturdayHours}, ${r.sundayHours})) order by ${r.validFrom}) from ${r} where ${inSite(actor, r.siteId)}), '[]'::json),
      coalesce((select json_agg(json_build_array(${day(coverageOverrides.date)}, ${coverageOverrides.hours}) order by ${coverageOverrides.date})
        from ${coverageOverrides} where ${inSite(actor, coverageOverrides.siteId)} and ${coverageOverrides.date} between ${from}::date and ${to}::date), '[]'::json))`;
  const settingsRow = sql`select row_to_json(s) from (select ${siteSettings.siteName} as "siteName", ${siteSettings.businessName} as "businessName",
      ${siteSettings.saturdayWorkday} as "saturdayWorkday", ${siteSettings.saturdayHours} as "saturdayHours", ${siteSettings.sundayWorkday} as "sundayWorkday",
      ${siteSettings.sundayHours} as "sundayHours", ${siteSettings.defaultDailyHours} as "defaultDailyHours",
      ${siteSettings.defaultEfficiencyRate} as "defaultEfficiencyRate", ${siteSettings.dataRetentionDays} as "dataRetentionDays",
      ${siteSettings.futureDataDays} as "futureDataDays", ${siteSettings.sidebarCategoryOrder} as "sidebarCategoryOrder",
      ${siteSettings.showAbsenceTypesToStaff} as "showAbsenceTypesToStaff"
      from ${siteSettings} where ${inSite(actor, siteSettings.siteId)}) s`;
  const by = sql`x.o1, x.o2`;
  const pick = (rows: ReturnType<typeof sql>) => sql`select j, o1, o2 from (${rows}) r`;
  // The employee rows are left out (null) when the server already holds them at the site's staff version
  // (migrations 0012 and 0020: any change to an employee or a contract gives a new one), read in the same snapshot.
  const version = sql`(select ${siteStaffVersions.version}::text from ${siteStaffVersions} where ${inSite(actor, siteStaffVersions.siteId)})`;
  const staffRows = sql`case when ${version} = ${knownStaff}::text then null else ${list(pick(employeeRows), by)}::text end`;
  // The settings apart: the server reads them (a stored sidebar order may need repair), never the whole reply.
  return sql`select json_build_object('format', ${CALENDAR_WIRE_FORMAT}::int, 'siteId', ${actor.siteId}::int, 'day0', ${from}::text,
      'reasons', ${list(pick(reasonRows), by)}, 'teams', ${list(pick(teamRows), by)},
      'exceptions', ${list(pick(exceptionRows), by)}, 'notes', ${list(pick(noteRows), by)}, 'holidays', ${list(pick(holidayRows), by)},
      'dayChanges', ${list(pick(dayChangeRows), by)}, 'coverage', ${coverage})::text as body, ${staffRows} as staff, ${version} as "staffVersion",
      (${settingsRow})::text as settings, ${siteMarkSql(actor)} as mark`;
}

type StoredSettings = Omit<TCalendarResponse['settings'], 'sidebarCategoryOrder'> & { sidebarCategoryOrder: string[] };

/** A window's reply and the site's data version it was read with (one statement: one snapshot). */
export interface CalendarData {
  json: string;
  mark: string;
}

type Row = { body: string; staff: string | null; staffVersion: string | null; settings: string | null; mark: string };
const runStatement = async (db: Db, actor: Actor, q: TCalendarQuery, knownStaff: string) =>
  ((await db.execute(statement(actor, q, knownStaff))) as unknown as { rows: Row[] }).rows[0];

/**
 * Each site's employee rows as last built, with the staff version they were built at: a window read after a
 * change of exceptions (most changes) does not build them again. Used only when the statement confirms the
 * version in its own snapshot, as the hours engine's staff list (decision 054); a stale entry costs a rebuild.
 */
/** Sites kept (a 1,000-employee site's rows are ~65 kB). */
const staffRows = new KeptBySite<{ version: string; json: string }>(200);

function employeeRows(siteId: number, row: Row): string {
  const known = staffRows.get(siteId);
  if (row.staff === null && known && known.version === row.staffVersion) return known.json;
  const json = row.staff ?? '[]';
  if (row.staffVersion !== null) staffRows.keep(siteId, { version: row.staffVersion, json });
  return json;
}

/**
 * Reads the window in one statement (one snapshot, so no explicit transaction is needed) and answers the
 * JSON text the database built, with the settings appended: only they are parsed here, to repair a stored
 * sidebar order or create a missing settings row (decision 007), the rare cases. The mark is the site's
 * version in the same snapshot (decision 066); a repair read later is no older than it.
 */
export async function readCalendarJson(db: Db, actor: Actor, q: TCalendarQuery): Promise<CalendarData> {
  const known = () => staffRows.get(actor.siteId)?.version ?? '';
  let row = await runStatement(db, actor, q, known());
  if (row.settings === null) {
    await getSettingsRow(db, actor);
    row = await runStatement(db, actor, q, known());
  }
  const stored = row.settings === null ? null : (JSON.parse(row.settings) as StoredSettings);
  const order = normaliseOrder(stored?.sidebarCategoryOrder ?? []);
  const settings =
    stored && order.length === stored.sidebarCategoryOrder.length && order.every((c, i) => c === stored.sidebarCategoryOrder[i])
      ? row.settings
      : JSON.stringify(stored ? { ...stored, sidebarCategoryOrder: order } : toSettings(await getSettingsRow(db, actor)));
  return { json: `${row.body.slice(0, -1)},"employees":${employeeRows(actor.siteId, row)},"settings":${settings}}`, mark: row.mark };
}
