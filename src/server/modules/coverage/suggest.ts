import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUGGEST_LIMIT,
  SUGGEST_MAX_SHIFT_DAYS,
  type TCoverageSuggest,
  type ZCoverageSuggestQuery,
} from '../../../shared/contracts/coverage';
import type { DayAvailability } from '../../../shared/domain/availability';
import { requiredHours, suggestRanges, worsenedDays } from '../../../shared/domain/coverage';
import { addDaysStr, eachDay } from '../../../shared/domain/dates';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, exceptionReasons, exceptions } from '../../db/schema';
import { reasonsVisibleTo } from '../exception-reasons';
import { readOneSite, siteHours, todayOf } from '../day-ledger';
import { availableOf, holidaysOf } from './guard';
import { readCoverageRules } from './rules';

type SuggestQuery = z.output<typeof ZCoverageSuggestQuery>;

/** The id the assistant's imagined time off carries: never a stored exception's. */
const IMAGINED_ID = -1;

/**
 * `GET /api/coverage/suggest` (decision 097): what a request or exception would do to the site's minimums, and the
 * nearest ranges of the same length that leave no day short. One read of the engine's input for the whole search
 * window (up to 42 days each way, never before today) and two engine runs, whatever the number of candidates:
 * the site as it is (without the exception being moved), and the employee away across the whole window. Their
 * difference is what the time off takes from each day, which holds for any range because a day's hours depend
 * only on that day.
 */
export async function suggestCoverage(db: Db, actor: Actor, q: SuggestQuery, now: Date): Promise<TCoverageSuggest> {
  // Staff ask only about their own linked employee; anyone else's answers as if absent.
  if (actor.isStaff && actor.employeeId !== q.employeeId) found(undefined, 'Employee');
  const today = todayOf(now);
  const earliest = addDaysStr(q.startDate, -SUGGEST_MAX_SHIFT_DAYS);
  const from = q.startDate < today ? q.startDate : earliest > today ? earliest : today;
  const to = addDaysStr(q.endDate, SUGGEST_MAX_SHIFT_DAYS);

  const [employee, reason, moved, rules, input] = await Promise.all([
    db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, q.employeeId), inSite(actor, employees.siteId))),
    q.reasonId === undefined
      ? Promise.resolve(null)
      : db
          .select({ isAdditive: exceptionReasons.isAdditive })
          .from(exceptionReasons)
          .where(and(eq(exceptionReasons.id, q.reasonId), reasonsVisibleTo(actor))),
    q.exceptionId === undefined
      ? Promise.resolve(null)
      : db
          .select({ employeeId: exceptions.employeeId })
          .from(exceptions)
          .where(and(eq(exceptions.id, q.exceptionId), inSite(actor, exceptions.siteId))),
    readCoverageRules(db, actor.siteId, { from, to }),
    readOneSite(db, actor.siteId, from, to),
  ]);
  found(employee[0], 'Employee');
  const isAdditive = reason === null ? false : found(reason[0], 'Exception type').isAdditive;
  if (moved !== null) {
    const e = found(moved[0], 'Exception');
    if (actor.isStaff && e.employeeId !== actor.employeeId) found(undefined, 'Exception');
  }

  const removeId = q.exceptionId;
  const days = eachDay(from, to);
  const hours = q.isFullDay ? null : (q.hours ?? null);
  const away = {
    id: IMAGINED_ID,
    employeeId: q.employeeId,
    reasonId: q.reasonId ?? 0,
    startDate: from,
    endDate: to,
    isFullDay: q.isFullDay,
    hours,
    isAdditive,
  };
  const baselineDays = siteHours(input, days, { change: { removeId } });
  const awayDays = siteHours(input, days, { change: { removeId, add: away } });
  const baseline = availableOf(baselineDays);
  const tenths = (h: number) => Math.round(h * 10);
  const takes = (date: string) => (tenths(baseline.get(date) ?? 0) - tenths(awayDays.get(date)?.availableHours ?? 0)) / 10;

  const asked = eachDay(q.startDate, q.endDate);
  const before = new Map(asked.map((d) => [d, baseline.get(d) ?? 0]));
  const after = new Map(asked.map((d) => [d, availableAfter(baselineDays, awayDays, d)]));
  const holidays = holidaysOf(baselineDays);
  const shortfalls = worsenedDays(before, after, rules, holidays);
  if (shortfalls.length === 0) return { shortfalls, suggestions: [] };

  const ranges = suggestRanges({
    startDate: q.startDate,
    endDate: q.endDate,
    baseline,
    takes,
    rules,
    holidays,
    notBefore: today,
    maxShift: SUGGEST_MAX_SHIFT_DAYS,
    limit: SUGGEST_LIMIT,
  });
  return {
    shortfalls,
    suggestions: ranges.map((r) => ({
      ...r,
      effect: eachDay(r.startDate, r.endDate).map((date) => ({
        date,
        requiredHours: requiredHours(rules, date, holidays.has(date)),
        availableAfter: availableAfter(baselineDays, awayDays, date),
      })),
    })),
  };
}

const availableAfter = (baseline: Map<string, DayAvailability>, away: Map<string, DayAvailability>, date: string) =>
  away.get(date)?.availableHours ?? baseline.get(date)?.availableHours ?? 0;
