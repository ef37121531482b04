import { sql } from 'drizzle-orm';
import { computeAvailability, type DayAvailability } from '../../../shared/domain/availability';
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

type SiteDaysInput = Omit<Parameters<typeof computeAvailability>[0], 'days'>;

/** The four lists in one statement, built as JSON by the database: one round trip on every write's path. */
function siteDaysStatement(siteId: number, from: string, to: string) {
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
  return sql`select json_build_object('settings', coalesce((${settings}), '{"saturdayWorkday": false, "sundayWorkday": false}'::json),
      'employees', coalesce((${staff}), '[]'::json), 'exceptions', coalesce((${spans}), '[]'::json), 'holidays', coalesce((${holidays}), '[]'::json))::text as body`;
}

export async function computeSiteDays(db: Db, siteId: number, dates: readonly string[]): Promise<Map<string, DayAvailability>> {
  const days = [...new Set(dates)].sort();
  if (days.length === 0) return new Map();
  const result = (await db.execute(siteDaysStatement(siteId, days[0], days[days.length - 1]))) as unknown as { rows: Array<{ body: string }> };
  const input = JSON.parse(result.rows[0].body) as SiteDaysInput;
  return computeAvailability({ days, ...input });
}
