import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { computeAvailability, EngineContract, EngineStaff } from '../../../shared/domain/availability';
import { fromDayNumber } from '../../../shared/domain/dates';
import { prepareFlatSpans, type FlatSpans, type PreparedExceptions, type SpanChange } from '../../../shared/domain/prepared-exceptions';
import { inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { overlapsWindow } from '../../db/site-days';
import type { Statement } from '../../db/pipelined';
import {
  employeeContracts,
  employees,
  exceptionReasons,
  exceptions,
  publicHolidays,
  siteSettings,
  siteStaffVersions,
} from '../../db/schema';
import { cachedStaff, rememberStaff, type CachedStaff } from './staff-cache';

/**
 * The engine's input for some days of one site, read in ONE statement whatever the number of days: the
 * settings, the staff with every contract version, the exceptions with their types' isAdditive, and the
 * holidays. Takes a site id the gate minted (`ActorSiteId`).
 */

/** The engine's input for some days of a site, but the days: the exceptions already in the engine's form. */
export type SiteDaysData = Omit<Parameters<typeof computeAvailability>[0], 'days' | 'exceptions' | 'storedDays'> & {
  exceptions: PreparedExceptions;
};

/**
 * Numbers per contract version in the staff text: employee id, version id, first day (day number or null),
 * the employee's last day (day number or null), efficiency, then Monday to Sunday's hours. Rows come in the
 * calendar's employee order, each employee's versions ascending.
 */
const STAFF_FIELDS = 12;

const dayText = (col: SQL | typeof employeeContracts.validFrom | typeof employees.endDate) =>
  sql`coalesce((${col} - '1970-01-01'::date)::text, 'null')`;

/** One contract version in the staff text (STAFF_FIELDS numbers), from `employees` joined to `employee_contracts`. */
export const STAFF_ROW = sql`concat_ws(',', ${employees.id}, ${employeeContracts.id}, ${dayText(employeeContracts.validFrom)}, ${dayText(employees.endDate)},
      ${employeeContracts.efficiency}, ${employeeContracts.mondayHours}, ${employeeContracts.tuesdayHours}, ${employeeContracts.wednesdayHours},
      ${employeeContracts.thursdayHours}, ${employeeContracts.fridayHours}, ${employeeContracts.saturdayHours}, ${employeeContracts.sundayHours})`;
/** The calendar's employee order, each employee's versions ascending. */
export const STAFF_ORDER = sql`${employees.sortOrder}, ${employees.id}, ${employeeContracts.validFrom} nulls first`;
/**
 * The order absences take from a day (decision 108): by first day, then as recorded (id), as the calendar and
 * the reports list them, so every reader gives the same absence the same share of a day.
 */
export const SPAN_ORDER = sql`${exceptions.startDate}, ${exceptions.id}`;
/** One exception in the flat spans (prepared-exceptions.ts), from `exceptions` left-joined to `exception_reasons`. */
export const SPAN_ROW = sql`concat_ws(',', ${exceptions.id}, ${exceptions.employeeId}, ${exceptions.startDate} - '1970-01-01'::date,
      ${exceptions.endDate} - '1970-01-01'::date, ${exceptions.isFullDay}::int, coalesce(${exceptions.hours}::text, 'null'),
      coalesce(${exceptionReasons.isAdditive}, false)::int)`;

/**
 * The four lists as one JSON text built by the database. A write may put it in its own statement (e.g. as a
 * RETURNING subquery) to save a round trip; it reads the statement's snapshot, so that statement's own change
 * is not in it. Staff and exceptions travel as flat arrays of numbers: building 300 JSON objects cost the
 * database about five times as much and sent 72 kB instead of 11 (decision 054).
 */
export function siteDaysInputSql(
  siteId: ActorSiteId | Placeholder,
  from: string | Placeholder,
  to: string | Placeholder,
  knownStaff: string | null | Placeholder,
): SQL<string> {
  const e = exceptions;
  const c = employeeContracts;
  const staff = sql`select '[' || string_agg(${STAFF_ROW}, ',' order by ${STAFF_ORDER}) || ']'
    from ${employees} join ${c} on ${c.employeeId} = ${employees.id} and ${inSiteId(siteId, c.siteId)}
    where ${inSiteId(siteId, employees.siteId)}`;
  const spans = sql`select '[' || string_agg(${SPAN_ROW}, ',' order by ${SPAN_ORDER}) || ']'
    from ${e} left join ${exceptionReasons} on ${exceptionReasons.id} = ${e.reasonId}
    where ${inSiteId(siteId, e.siteId)} and ${overlapsWindow(e, siteId, from, to)}`;
  const holidays = sql`select json_agg(json_build_object('date', ${publicHolidays.date}, 'name', ${publicHolidays.name}) order by ${publicHolidays.date}, ${publicHolidays.id})
    from ${publicHolidays} where ${inSiteId(siteId, publicHolidays.siteId)} and ${publicHolidays.date} between ${from}::date and ${to}::date`;
  const settings = sql`select json_build_object('saturdayWorkday', ${siteSettings.saturdayWorkday}, 'sundayWorkday', ${siteSettings.sundayWorkday})
    from ${siteSettings} where ${inSiteId(siteId, siteSettings.siteId)}`;
  // The staff list is left out (null) when the server already holds this version of it (staff-cache.ts).
  const version = sql`(select ${siteStaffVersions.version}::text from ${siteStaffVersions} where ${inSiteId(siteId, siteStaffVersions.siteId)})`;
  // Joined as text, so the database does not parse the staff text back as JSON to nest it.
  return sql<string>`'{"settings":' || coalesce((${settings})::text, '{"saturdayWorkday": false, "sundayWorkday": false}')
      || ',"staffVersion":' || coalesce('"' || ${version} || '"', 'null') || ',"staff":'
      || case when ${version} = ${knownStaff}::text then 'null' else coalesce((${staff}), '[]') end
      || ',"spans":' || coalesce((${spans}), '[]')
      || ',"holidays":' || coalesce((${holidays})::text, '[]') || '}'`;
}

/**
 * The staff text as the engine's employees. An employee whose only version is from the beginning of time and
 * who has no end date is given as flat hours (no `contracts`): the engine's fastest case, and nearly everyone.
 */
export function staffFromFlat(staff: ReadonlyArray<number | null>): EngineStaff[] {
  const out: EngineStaff[] = [];
  for (let i = 0; i + STAFF_FIELDS <= staff.length;) {
    const id = staff[i] as number;
    const endDay = staff[i + 3];
    const versions: EngineContract[] = [];
    for (; i + STAFF_FIELDS <= staff.length && staff[i] === id; i += STAFF_FIELDS) {
      const from = staff[i + 2];
      versions.push({
        id: staff[i + 1] as number,
        validFrom: from === null ? null : fromDayNumber(from),
        efficiency: staff[i + 4] as number,
        mondayHours: staff[i + 5] as number,
        tuesdayHours: staff[i + 6] as number,
        wednesdayHours: staff[i + 7] as number,
        thursdayHours: staff[i + 8] as number,
        fridayHours: staff[i + 9] as number,
        saturdayHours: staff[i + 10] as number,
        sundayHours: staff[i + 11] as number,
      });
    }
    const last = versions[versions.length - 1];
    const { id: _versionId, validFrom, ...hours } = last;
    const plain = versions.length === 1 && validFrom === null && endDay === null;
    out.push({
      id,
      ...hours,
      ...(plain ? { versionId: last.id } : { contracts: versions, endDate: endDay === null ? null : fromDayNumber(endDay) }),
    });
  }
  return out;
}

/** The text `siteDaysInputSql` answers, parsed. */
export type SiteDaysBody = Omit<SiteDaysData, 'employees' | 'exceptions'> & {
  staffVersion: string | null;
  staff: Array<number | null> | null;
  spans: FlatSpans;
};

/** The staff of a parsed body: the cached list when the database left it out, else the list sent (now cached). */
export function staffOfBody(body: SiteDaysBody, siteId: ActorSiteId, known: CachedStaff | undefined): EngineStaff[] {
  if (body.staff === null) {
    if (!known || known.version !== body.staffVersion) throw new Error('the database left out a staff list the server does not hold');
    return known.employees;
  }
  const employees = staffFromFlat(body.staff);
  if (body.staffVersion) rememberStaff(siteId, { version: body.staffVersion, employees });
  return employees;
}

/**
 * Reads the text `siteDaysInputSql` answers; `known` is the cached staff whose version the statement was
 * given, and `change` the caller's own write when the statement read the data before it.
 */
export function parseSiteDays(text: string, siteId: ActorSiteId, known: CachedStaff | undefined, change?: SpanChange): SiteDaysData {
  const body = JSON.parse(text) as SiteDaysBody;
  const employees = staffOfBody(body, siteId, known);
  const { staffVersion: _version, staff: _staff, spans, ...rest } = body;
  return { ...rest, employees, exceptions: prepareFlatSpans(spans, change) };
}

/** The engine's data for the days from `from` to `to`, as a statement not yet sent (a pipelined batch sends it). */
export function siteDaysStatement(db: Db, siteId: ActorSiteId, from: string, to: string, change?: SpanChange): Statement<SiteDaysData> {
  const known = cachedStaff(siteId);
  const raw = db.execute(sql`select ${siteDaysInputSql(siteId, from, to, known?.version ?? null)} as body`) as unknown as Statement<{
    rows: Array<{ body: string }>;
  }>;
  return { execute: () => raw.execute().then((r) => parseSiteDays(r.rows[0].body, siteId, known, change)) };
}
