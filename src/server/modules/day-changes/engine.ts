import { sql, type SQL } from 'drizzle-orm';
import { computeAvailability, type DayAvailability, type EngineException } from '../../../shared/domain/availability';
import { unsafeInSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { overlapsWindow } from '../../db/site-days';
import { employees, exceptionReasons, exceptions, publicHolidays, siteSettings } from '../../db/schema';

/**
 * Runs the available-hours engine for some days of one site, straight from the database: one statement
 * answers the settings, employees, exceptions with their types' isAdditive and holidays for the whole
 * range from the first to the last date, whatever the number of days.
 *
 * Takes a bare site id (`unsafeInSiteId`): callers pass the actor's current site, or the sites of the
 * actor's business that a business-wide exception type touches.
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

export type SiteDaysInput = Omit<Parameters<typeof computeAvailability>[0], 'days'>;
/** The JSON `siteDaysInputSql` answers, parsed: the exceptions still a plain list. */
export type SiteDaysData = Omit<SiteDaysInput, 'exceptions'> & { exceptions: EngineException[] };

/**
 * The four lists the engine needs for the days from `from` to `to`, as one JSON text built by the database.
 * A write may put it in its own statement (e.g. as a RETURNING subquery) to save a round trip; it reads the
 * statement's snapshot, so that statement's own change is not in it.
 */
export function siteDaysInputSql(siteId: number, from: string, to: string): SQL<string> {
  const e = exceptions;
  const staff = sql`select json_agg(json_build_object('id', ${employees.id}, 'name', ${employees.name}, 'efficiency', ${employees.efficiency},
      'mondayHours', ${employees.mondayHours}, 'tuesdayHours', ${employees.tuesdayHours}, 'wednesdayHours', ${employees.wednesdayHours},
      'thursdayHours', ${employees.thursdayHours}, 'fridayHours', ${employees.fridayHours}, 'saturdayHours', ${employees.saturdayHours},
      'sundayHours', ${employees.sundayHours}) order by ${employees.sortOrder}, ${employees.id})
    from ${employees} where ${unsafeInSiteId(employees.siteId, siteId)}`;
  const spans = sql`select json_agg(json_build_object('id', ${e.id}, 'employeeId', ${e.employeeId}, 'reasonId', ${e.reasonId},
      'startDate', ${e.startDate}, 'endDate', ${e.endDate}, 'isFullDay', ${e.isFullDay}, 'hours', ${e.hours},
      'isAdditive', coalesce(${exceptionReasons.isAdditive}, false)) order by ${e.id})
    from ${e} left join ${exceptionReasons} on ${exceptionReasons.id} = ${e.reasonId}
    where ${unsafeInSiteId(e.siteId, siteId)} and ${overlapsWindow(e, siteId, from, to)}`;
  const holidays = sql`select json_agg(json_build_object('date', ${publicHolidays.date}, 'name', ${publicHolidays.name}) order by ${publicHolidays.date}, ${publicHolidays.id})
    from ${publicHolidays} where ${unsafeInSiteId(publicHolidays.siteId, siteId)} and ${publicHolidays.date} between ${from}::date and ${to}::date`;
  const settings = sql`select json_build_object('saturdayWorkday', ${siteSettings.saturdayWorkday}, 'sundayWorkday', ${siteSettings.sundayWorkday})
    from ${siteSettings} where ${unsafeInSiteId(siteSettings.siteId, siteId)}`;
  return sql<string>`json_build_object('settings', coalesce((${settings}), '{"saturdayWorkday": false, "sundayWorkday": false}'::json),
      'employees', coalesce((${staff}), '[]'::json), 'exceptions', coalesce((${spans}), '[]'::json), 'holidays', coalesce((${holidays}), '[]'::json))::text`;
}

/** The days, each once and in order. */
export const distinctDays = (dates: readonly string[]): string[] => [...new Set(dates)].sort();

export async function computeSiteDays(db: Db, siteId: number, dates: readonly string[], input?: SiteDaysInput): Promise<Map<string, DayAvailability>> {
  const days = distinctDays(dates);
  if (days.length === 0) return new Map();
  if (!input) {
    const result = (await db.execute(sql`select ${siteDaysInputSql(siteId, days[0], days[days.length - 1])} as body`)) as unknown as { rows: Array<{ body: string }> };
    input = JSON.parse(result.rows[0].body) as SiteDaysInput;
  }
  return computeAvailability({ days, ...input });
}
