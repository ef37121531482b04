import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { computeAvailability, type DayAvailability } from '../../../shared/domain/availability';
import { prepareFlatSpans, type FlatSpans, type PreparedExceptions, type SpanChange } from '../../../shared/domain/prepared-exceptions';
import { inSiteId, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { overlapsWindow } from '../../db/site-days';
import type { Statement } from '../../db/pipelined';
import { employees, exceptionReasons, exceptions, publicHolidays, siteSettings, siteStaffVersions } from '../../db/schema';
import { cachedStaff, rememberStaff, type CachedStaff } from './staff-cache';

/**
 * Runs the available-hours engine for some days of one site, straight from the database: one statement
 * answers the settings, employees, exceptions with their types' isAdditive and holidays for the whole
 * range from the first to the last date, whatever the number of days.
 *
 * Takes a site id the gate minted (`ActorSiteId`): the actor's current site, a site of the actor's business
 * that a business-wide exception type touches, or a site a background job walks.
 */
/** What the hours engine needs of each employee: read the same way by the calendar, reports and digests. */
export const staffHoursColumns = {
  id: employees.id,
  name: employees.name,
  efficiency: employees.efficiency,
  mondayHours: employees.mondayHours,
  tuesdayHours: employees.tuesdayHours,
  wednesdayHours: employees.wednesdayHours,
  thursdayHours: employees.thursdayHours,
  fridayHours: employees.fridayHours,
  saturdayHours: employees.saturdayHours,
  sundayHours: employees.sundayHours,
};

/** The engine's input for some days of a site, but the days: the exceptions already in the engine's form. */
export type SiteDaysData = Omit<Parameters<typeof computeAvailability>[0], 'days' | 'exceptions' | 'storedDays'> & {
  exceptions: PreparedExceptions;
};

/**
 * The four lists the engine needs for the days from `from` to `to`, as one JSON text built by the database.
 * A write may put it in its own statement (e.g. as a RETURNING subquery) to save a round trip; it reads the
 * statement's snapshot, so that statement's own change is not in it.
 */
export function siteDaysInputSql(
  siteId: ActorSiteId | Placeholder,
  from: string | Placeholder,
  to: string | Placeholder,
  knownStaff: string | null | Placeholder,
): SQL<string> {
  const e = exceptions;
  // The staff as one flat array of numbers, STAFF_FIELDS per employee, joined as text: building 300 JSON
  // objects cost the database about five times as much and sent 72 kB instead of 11 (decision 054).
  const staff = sql`select '[' || string_agg(concat_ws(',', ${employees.id}, ${employees.efficiency}, ${employees.mondayHours},
      ${employees.tuesdayHours}, ${employees.wednesdayHours}, ${employees.thursdayHours}, ${employees.fridayHours},
      ${employees.saturdayHours}, ${employees.sundayHours}), ',' order by ${employees.sortOrder}, ${employees.id}) || ']'
    from ${employees} where ${inSiteId(siteId, employees.siteId)}`;
  // Exceptions as one flat array of numbers too, in the engine's flat form (FlatSpans): days as day numbers,
  // since writing 2 dates as text per row was most of the cost of building the list as JSON arrays.
  const spans = sql`select '[' || string_agg(concat_ws(',', ${e.id}, ${e.employeeId}, ${e.startDate} - '1970-01-01'::date, ${e.endDate} - '1970-01-01'::date,
      ${e.isFullDay}::int, coalesce(${e.hours}::text, 'null'), coalesce(${exceptionReasons.isAdditive}, false)::int), ',' order by ${e.id}) || ']'
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

/** Numbers per employee in the staff array: id, efficiency, then Monday to Sunday's hours. */
const STAFF_FIELDS = 9;

/**
 * Reads the text `siteDaysInputSql` answers; `known` is the cached staff whose version the statement was
 * given, and `change` the caller's own write when the statement read the data before it.
 */
export function parseSiteDays(body: string, siteId: ActorSiteId, known: CachedStaff | undefined, change?: SpanChange): SiteDaysData {
  const parsed = JSON.parse(body) as Omit<SiteDaysData, 'employees' | 'exceptions'> & {
    staffVersion: string | null;
    staff: number[] | null;
    spans: FlatSpans;
  };
  const { staffVersion, staff, spans, ...rest } = parsed;
  const exceptions = prepareFlatSpans(spans, change);
  if (staff === null) {
    if (!known || known.version !== staffVersion) throw new Error('the database left out a staff list the server does not hold');
    return { ...rest, employees: known.employees, exceptions };
  }
  const employees = [];
  for (let i = 0; i + STAFF_FIELDS <= staff.length; i += STAFF_FIELDS) {
    employees.push({
      id: staff[i],
      efficiency: staff[i + 1],
      mondayHours: staff[i + 2],
      tuesdayHours: staff[i + 3],
      wednesdayHours: staff[i + 4],
      thursdayHours: staff[i + 5],
      fridayHours: staff[i + 6],
      saturdayHours: staff[i + 7],
      sundayHours: staff[i + 8],
    });
  }
  if (staffVersion) rememberStaff(siteId, { version: staffVersion, employees });
  return { ...rest, employees, exceptions };
}

/** The days, each once and in order. */
const distinctDays = (dates: readonly string[]): string[] => [...new Set(dates)].sort();

/** The engine's data for the days from `from` to `to`, as a statement not yet sent (a pipelined batch sends it). */
export function siteDaysStatement(db: Db, siteId: ActorSiteId, from: string, to: string): Statement<SiteDaysData> {
  const known = cachedStaff(siteId);
  const raw = db.execute(sql`select ${siteDaysInputSql(siteId, from, to, known?.version ?? null)} as body`) as unknown as Statement<{
    rows: Array<{ body: string }>;
  }>;
  return { execute: () => raw.execute().then((r) => parseSiteDays(r.rows[0].body, siteId, known)) };
}

export async function computeSiteDays(db: Db, siteId: ActorSiteId, dates: readonly string[]): Promise<Map<string, DayAvailability>> {
  const days = distinctDays(dates);
  if (days.length === 0) return new Map();
  return computeAvailability({ days, ...(await siteDaysStatement(db, siteId, days[0], days[days.length - 1]).execute()) });
}
