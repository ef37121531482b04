import { and, eq } from 'drizzle-orm';
import type { TDayExplain } from '../../../shared/contracts/employee-contracts';
import { UNKNOWN_REASON } from '../../../shared/contracts/calendar';
import { contractOn, type EngineStaff } from '../../../shared/domain/availability';
import { weekdayIndex } from '../../../shared/domain/dates';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { dayChanges } from '../../db/schema';
import { exceptionsOf, readOneSite, siteHours } from './read';

/** The version the engine used for the day (the same rule, `contractOn`), as the explanation shows it. */
function versionOf(employee: EngineStaff | undefined, date: string, weekdayHours: number) {
  const version = employee ? contractOn(employee, date) : null;
  return version
    ? { id: version.id ?? employee?.versionId ?? null, validFrom: version.validFrom, weekdayHours, efficiency: version.efficiency }
    : null;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * GET /api/day-explain: how one day's available hours are made, per employee. The numbers are the engine's own
 * day detail (the same computation the calendar runs), so the lines always add up to the calendar's number.
 */
export async function explainDay(db: Db, actor: Actor, date: string): Promise<Omit<TDayExplain, 'requiredHours' | 'shortHours'>> {
  const [site, stored] = await Promise.all([
    readOneSite(db, actor.siteId, date, date, { detail: true }),
    db
      .select({ date: dayChanges.date, currentHours: dayChanges.currentHours })
      .from(dayChanges)
      .where(and(inSite(actor, dayChanges.siteId), eq(dayChanges.date, date))),
  ]);
  const staff = site.employees;
  const spans = exceptionsOf(site).map((x) => ({ ...x, reasonName: site.details.get(x.id)?.reasonName ?? null }));
  const day = siteHours(site, [date], { storedDays: stored }).get(date)!;
  const names = site.names;
  const byEmployee = new Map(staff.map((s) => [s.id, s]));
  const byId = new Map(spans.map((x) => [x.id, x]));
  return {
    date,
    weekday: WEEKDAYS[weekdayIndex(date)],
    isPublicHoliday: day.isPublicHoliday,
    publicHolidayName: day.publicHolidayName,
    isWeekend: day.isWeekend,
    isWorkingWeekend: day.isWorkingWeekend,
    isWorkingDay: !day.isPublicHoliday && (!day.isWeekend || day.isWorkingWeekend),
    employees: day.employees.map((e) => {
      // Exact to the engine's unit (1e-5 h), like baseHours: only the day's total is rounded to one decimal.
      const sum = Math.round((e.baseHours + e.amounts.reduce((a, b) => a + b, 0)) * 1e5) / 1e5;
      return {
        employeeId: e.employeeId,
        name: names.get(e.employeeId) ?? '',
        contract: versionOf(byEmployee.get(e.employeeId), date, e.weekdayHours),
        baseHours: e.baseHours,
        exceptions: e.exceptionIds.map((id, i) => {
          const x = byId.get(id)!;
          return {
            id,
            reasonName: x.reasonName ?? UNKNOWN_REASON,
            isAdditive: x.isAdditive ?? false,
            isFullDay: x.isFullDay,
            amount: e.amounts[i],
            source: x.isFullDay && x.hours === null ? ('contract' as const) : ('own' as const),
          };
        }),
        sumHours: sum,
        adjustedHours: e.adjustedHours,
        floored: sum < 0,
      };
    }),
    defaultHours: day.defaultHours,
    availableHours: day.computedHours,
    shownHours: day.availableHours,
    source: day.source,
  };
}
