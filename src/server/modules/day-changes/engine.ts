import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { computeAvailability, type DayAvailability } from '../../../shared/domain/availability';
import { unsafeInSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { overlapsWindow } from '../../db/site-days';
import { employees, exceptionReasons, exceptions, publicHolidays, siteSettings } from '../../db/schema';

/**
 * Runs the available-hours engine for some days of one site, straight from the database: one query per
 * table (settings, employees, exceptions with their types' isAdditive, holidays) for the whole range
 * from the first to the last date, whatever the number of days.
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

export async function computeSiteDays(db: Db, siteId: number, dates: readonly string[]): Promise<Map<string, DayAvailability>> {
  const days = [...new Set(dates)].sort();
  if (days.length === 0) return new Map();
  const from = days[0];
  const to = days[days.length - 1];

  const [settings] = await db
    .select({ saturdayWorkday: siteSettings.saturdayWorkday, sundayWorkday: siteSettings.sundayWorkday })
    .from(siteSettings)
    .where(unsafeInSiteId(siteSettings.siteId, siteId));
  const staff = await db
    .select(staffHoursColumns)
    .from(employees)
    .where(unsafeInSiteId(employees.siteId, siteId))
    .orderBy(asc(employees.sortOrder), asc(employees.id));
  const spans = await db
    .select({
      id: exceptions.id,
      employeeId: exceptions.employeeId,
      reasonId: exceptions.reasonId,
      startDate: exceptions.startDate,
      endDate: exceptions.endDate,
      isFullDay: exceptions.isFullDay,
      hours: exceptions.hours,
      isAdditive: exceptionReasons.isAdditive,
    })
    .from(exceptions)
    .leftJoin(exceptionReasons, eq(exceptionReasons.id, exceptions.reasonId))
    .where(and(unsafeInSiteId(exceptions.siteId, siteId), overlapsWindow(exceptions, siteId, from, to)))
    .orderBy(asc(exceptions.id));
  const holidays = await db
    .select({ date: publicHolidays.date, name: publicHolidays.name })
    .from(publicHolidays)
    .where(and(unsafeInSiteId(publicHolidays.siteId, siteId), gte(publicHolidays.date, from), lte(publicHolidays.date, to)))
    .orderBy(asc(publicHolidays.date), asc(publicHolidays.id));

  return computeAvailability({
    days,
    settings: { saturdayWorkday: settings?.saturdayWorkday ?? false, sundayWorkday: settings?.sundayWorkday ?? false },
    employees: staff,
    exceptions: spans.map((x) => ({ ...x, isAdditive: x.isAdditive ?? false })),
    holidays,
  });
}
