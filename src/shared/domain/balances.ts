/**
 * The leave balance engine (issue 37, decision 094): one employee's leave year in hours, from the site's policy,
 * the contract versions, the absences of types that count against the allowance, holidays and adjustments.
 * Pure: no I/O, no clock ("today" is an input). docs/balances.md states the rules with a worked example.
 *
 * Hours are whole engine units of 1e-5 h (hour-units.ts; contract and absence hours have 0.1 steps, so sums are exact); the entitlement
 * and what has accrued are one division each of an exact sum; rounding to one decimal happens once, on output.
 * The carry into a year is the previous year's remaining as shown (already rounded), so a year-end figure a
 * payroll person reads is the figure that carries.
 */
import { roundHours } from './availability';
import { versionPeriods } from './contract-periods';
import { fromDayNumber, toDayNumber } from './dates';
import { HOUR_UNITS, toUnits } from './hour-units';
import { expiryInYear, leaveYear, monthStarts, type LeaveYear } from './leave-year';
import { leaveByDay, type DayLeave } from './balance-days';
import { checkPolicy, type BalanceInput, type BalanceRow, type LeavePolicy } from './balances-policy';

export * from './balances-policy';
export { leaveYear, leaveYearOf, expiryInYear } from './leave-year';

const WEEK = ['mondayHours', 'tuesdayHours', 'wednesdayHours', 'thursdayHours', 'fridayHours', 'saturdayHours', 'sundayHours'] as const;
/** How many earlier years a carry may be followed back through; a policy older than that is a data error. */
const MAX_YEARS_BACK = 100;

/** Days employed under one contract version inside the leave year, with that version's working week. */
interface Span {
  from: number;
  to: number;
  /** Thousandths of an hour per weekday (Monday first); 0 on a weekend day the site does not work. */
  week: number[];
  weeklyUnits: number;
}

function employedSpans(input: BalanceInput, ly: LeaveYear): Span[] {
  const { employee, settings } = input;
  const contracts = [...employee.contracts].sort((a, b) => (a.validFrom ?? '').localeCompare(b.validFrom ?? ''));
  const startDate = employee.startDate ?? contracts[0]?.validFrom ?? null;
  const yearFrom = toDayNumber(ly.start);
  const yearTo = toDayNumber(ly.end);
  const startNum = startDate === null ? -Infinity : toDayNumber(startDate);
  const spans: Span[] = [];
  for (const p of versionPeriods(contracts, employee.endDate)) {
    const from = Math.max(yearFrom, startNum, p.from);
    const to = Math.min(yearTo, p.to);
    if (from > to) continue;
    const c = p.version;
    const week = WEEK.map((field, w) => (w < 5 || (w === 5 ? settings.saturdayWorkday : settings.sundayWorkday) ? toUnits(c[field]) : 0));
    spans.push({ from, to, week, weeklyUnits: week.reduce((s, h) => s + h, 0) });
  }
  return spans;
}

/** Σ over employed days in [from, to] of the contracted week in units (1e-5 h): the pro-rata's numerator. */
function weekDays(spans: readonly Span[], from: number, to: number): number {
  let sum = 0;
  for (const s of spans) {
    const days = Math.min(to, s.to) - Math.max(from, s.from) + 1;
    if (days > 0) sum += s.weeklyUnits * days;
  }
  return sum;
}

/** Hours earned for a numerator of weekDays: each employed day earns the year's share of that day's week. */
function earned(policy: LeavePolicy, weekDaysUnits: number, ly: LeaveYear): number {
  return policy.unit === 'hours'
    ? (policy.entitlementHours * weekDaysUnits) / (toUnits(policy.fullTimeWeeklyHours) * ly.days)
    : (policy.entitlementDays * weekDaysUnits) / (HOUR_UNITS * policy.fullWeekDays * ly.days);
}

/** One leave year with a known carry in (units (1e-5 h)). */
function yearRow(input: BalanceInput, year: number, carriedUnits: number, today: string, leave: readonly DayLeave[]): BalanceRow {
  const { policy } = input;
  const ly = leaveYear(year, policy.yearStartMonth);
  const todayNum = toDayNumber(today);
  const yearFrom = toDayNumber(ly.start);
  const yearTo = toDayNumber(ly.end);
  const spans = employedSpans(input, ly);

  const entitlement = earned(policy, weekDays(spans, yearFrom, yearTo), ly);
  let accrued: number;
  if (policy.accrual === 'upfront') accrued = todayNum >= yearFrom ? entitlement : 0;
  else {
    // Each month's share is credited on the month's 1st: up to the end of the last month begun by today.
    accrued = earned(policy, weekDays(spans, yearFrom, creditedThrough(ly, today)), ly);
  }

  const expiresOn = policy.carryOverExpiry ? expiryInYear(ly, policy.carryOverExpiry) : null;
  const expiryNum = expiresOn === null ? Infinity : toDayNumber(expiresOn);
  let taken = 0;
  let booked = 0;
  let pending = 0;
  let beforeExpiry = 0;
  // In days, each day counts the share of its own worth it took (decision 108): a whole day away is one day
  // whatever that day's hours, as "days away" counts it on every page.
  const leaveDays = { taken: 0, booked: 0, pending: 0 };
  for (const d of leave) {
    if (d.day < yearFrom || d.day > yearTo) continue;
    if (d.worth === 0) continue;
    if (d.day <= todayNum) {
      taken += d.approved;
      leaveDays.taken += d.approved / d.worth;
    } else {
      booked += d.approved;
      leaveDays.booked += d.approved / d.worth;
    }
    pending += d.pending;
    leaveDays.pending += d.pending / d.worth;
    if (d.day <= expiryNum) beforeExpiry += d.approved;
  }
  // Leave taken up to the expiry uses the carried hours first; what of them is unused by then expires.
  const expired = todayNum > expiryNum ? carriedUnits - Math.min(carriedUnits, beforeExpiry) : 0;

  let adjustments = 0;
  for (const a of input.adjustments) {
    const day = toDayNumber(a.date);
    if (day >= yearFrom && day <= yearTo) adjustments += toUnits(a.hours);
  }

  const exact = (carriedUnits - expired + adjustments - taken - booked) / HOUR_UNITS;
  const row: BalanceRow = {
    year,
    yearStart: ly.start,
    yearEnd: ly.end,
    entitlementHours: roundHours(entitlement),
    accruedHours: roundHours(accrued),
    carriedOverHours: roundHours(carriedUnits / HOUR_UNITS),
    carryOverExpiresOn: expiresOn,
    expiredHours: roundHours(expired / HOUR_UNITS),
    takenHours: roundHours(taken / HOUR_UNITS),
    bookedHours: roundHours(booked / HOUR_UNITS),
    pendingHours: roundHours(pending / HOUR_UNITS),
    adjustmentHours: roundHours(adjustments / HOUR_UNITS),
    remainingHours: roundHours(entitlement + exact),
    days: null,
  };
  if (policy.unit === 'days')
    row.days = inDays(policy, ly, spans, todayNum, {
      creditedTo: policy.accrual === 'upfront' ? (todayNum >= yearFrom ? yearTo : yearFrom - 1) : creditedThrough(ly, today),
      carriedUnits,
      expiredUnits: expired,
      expiryNum,
      adjustments: input.adjustments.filter((a) => a.date >= ly.start && a.date <= ly.end),
      leaveDays,
    });
  return row;
}

/** The last day whose month's share is credited by `today` under monthly accrual (yearFrom − 1 when none). */
function creditedThrough(ly: LeaveYear, today: string): number {
  const starts = monthStarts(ly);
  const begun = starts.filter((m) => m <= today).length;
  return begun === 12 ? toDayNumber(ly.end) : begun === 0 ? toDayNumber(ly.start) - 1 : toDayNumber(starts[begun]) - 1;
}

/** Days a span works a week: its weekdays with hours. */
const workingDaysOf = (span: Span) => span.week.filter((h) => h > 0).length;

/** The employed span holding `day`, or the nearest one (a date before the start or after the end). */
function spanNear(spans: readonly Span[], day: number): Span {
  const clamped = Math.min(Math.max(day, spans[0].from), spans[spans.length - 1].to);
  return spans.find((s) => s.from <= clamped && clamped <= s.to) ?? spans[spans.length - 1];
}

/** A day's hours under a span's contract (the week ÷ its working days), in units (1e-5 h); 0 for a week without hours. */
const dayUnitsOf = (span: Span) => (workingDaysOf(span) === 0 ? 0 : span.weeklyUnits / workingDaysOf(span));

interface DayFigures {
  creditedTo: number;
  carriedUnits: number;
  expiredUnits: number;
  expiryNum: number;
  adjustments: ReadonlyArray<{ date: string; hours: number }>;
  leaveDays: { taken: number; booked: number; pending: number };
}

/**
 * The year in days, each figure converted by the contract in force where it falls, never today's (issue 47):
 * an employed day earns the entitlement's share of its own working week (a four-day week earns four fifths of a
 * five-day week's days), leave counts each day's share of that day's worth, a carry is read in the days of the
 * year's first employed day, what expires in those of the expiry day, and an adjustment in those of its date.
 * `dayHours` is today's day (the nearest employed one), for the reader. Null when not employed in the year or
 * the contract has no working day.
 */
function inDays(policy: LeavePolicy, ly: LeaveYear, spans: readonly Span[], todayNum: number, f: DayFigures): BalanceRow['days'] {
  if (spans.length === 0 || policy.unit !== 'days') return null;
  const today = spanNear(spans, todayNum);
  if (workingDaysOf(today) === 0) return null;
  const earnedDays = (to: number) => {
    let sum = 0;
    for (const s of spans) {
      const days = Math.min(to, s.to) - s.from + 1;
      if (days > 0) sum += workingDaysOf(s) * days;
    }
    return (policy.entitlementDays * sum) / (policy.fullWeekDays * ly.days);
  };
  const asDays = (units: number, day: number) => {
    const perDay = dayUnitsOf(spanNear(spans, day));
    return perDay === 0 ? 0 : units / perDay;
  };
  const entitlement = earnedDays(toDayNumber(ly.end));
  const carried = asDays(f.carriedUnits, spans[0].from);
  const expired = asDays(f.expiredUnits, f.expiryNum);
  let adjustments = 0;
  for (const a of f.adjustments) adjustments += asDays(toUnits(a.hours), toDayNumber(a.date));
  const { taken, booked, pending } = f.leaveDays;
  return {
    // In hundredths from the exact units, so 30.3 h over four days reads 7.58, not a float's 7.57.
    dayHours: Math.round(dayUnitsOf(today) / (HOUR_UNITS / 100)) / 100,
    entitlement: roundHours(entitlement),
    accrued: roundHours(f.creditedTo < toDayNumber(ly.start) ? 0 : earnedDays(f.creditedTo)),
    carriedOver: roundHours(carried),
    expired: roundHours(expired),
    taken: roundHours(taken),
    booked: roundHours(booked),
    pending: roundHours(pending),
    adjustments: roundHours(adjustments),
    remaining: roundHours(entitlement + carried - expired + adjustments - taken - booked),
  };
}

/** What a year's remaining carries into the next: the shown remaining, not below 0, capped. */
function carryFrom(policy: LeavePolicy, row: BalanceRow): number {
  const remaining = Math.max(0, toUnits(row.remainingHours));
  return policy.carryOverCapHours === null ? remaining : Math.min(remaining, toUnits(policy.carryOverCapHours));
}

/**
 * One employee's balance for a leave year as of `today`. The carry in is followed back year by year from the
 * policy's first leave year, each earlier year closed as of the day after its last (all its leave taken, its
 * carry's expiry passed), so a carry into a future year is a projection that assumes booked leave is taken.
 */
export function computeBalance(input: BalanceInput): BalanceRow {
  const { policy, year } = input;
  checkPolicy(policy);
  toDayNumber(input.today);
  if (year - policy.firstLeaveYear > MAX_YEARS_BACK) throw new RangeError(`Leave year ${year} is too far after the policy's first year`);
  let carried = 0;
  const carries = policy.carryOverCapHours !== 0;
  // What the absences take, day by day, for every year read at once: one engine run, not one a year.
  const first = leaveYear(carries ? policy.firstLeaveYear : year, policy.yearStartMonth);
  const leave = leaveByDay(input, toDayNumber(first.start), toDayNumber(leaveYear(year, policy.yearStartMonth).end));
  if (carries) {
    for (let y = policy.firstLeaveYear; y < year; y++) {
      const dayAfter = fromDayNumber(toDayNumber(leaveYear(y, policy.yearStartMonth).end) + 1);
      carried = carryFrom(policy, yearRow(input, y, carried, dayAfter, leave));
    }
  }
  return yearRow(input, year, carried, input.today, leave);
}
