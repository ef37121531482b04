/**
 * An independent reference for leave balances (decision 094, docs/balances.md), written naively from the rules
 * in plain words for tests to compare the engine with. It never imports the product's code: it walks every
 * calendar day of the leave year as a date string, finds that day's contract version by reading the whole list,
 * and adds floating hours, rounding to one decimal only where the rules say a figure is shown.
 *
 * The rules:
 * - Leave year Y starts on the 1st of the policy's start month of calendar year Y and ends the day before the
 *   same date of Y + 1.
 * - A day is employed when it is on or after the start date (default: the earliest version's validFrom; none
 *   means the beginning of time), on or before the end date, and a version is in force (latest validFrom on or
 *   before it).
 * - The contracted week of a day = the version's hours on Monday to Friday, plus Saturday and Sunday when the
 *   site works them.
 * - Each employed day earns (yearly entitlement) × (its contracted week ÷ the full week) ÷ (days in the leave
 *   year). Hours policies: full week = full-time weekly hours; days policies: entitlement days × the person's
 *   own week ÷ full-week days.
 * - Upfront accrual: everything from the year's first day. Monthly: a day's earning is credited on the 1st of its
 *   month.
 * - A day's worth = the version's hours for that weekday on an employed working day that is no public holiday,
 *   else 0. Counting absences on the day ask: full day without hours → the worth; else their hours (≥ 0).
 *   Approved take min(worth, asked); pending take min(what is left of the worth, asked).
 * - Approved on or before today: taken; after: booked. Pending anywhere in the year: pending.
 * - Carried in = min(cap, max(0, last year's remaining as shown)), nothing in the policy's first year or with a
 *   cap of 0; last year seen from the day after it ended. Approved leave on or before the expiry date uses the
 *   carry first; after the expiry date what was not used has expired.
 * - Remaining = entitlement + carried − expired + adjustments in the year − taken − booked.
 * - In days (days policies), each figure by the contract where it falls, never today's (issue 47): an employed
 *   day earns entitlement days × (its version's working days with hours ÷ full-week days) ÷ days in the year;
 *   leave counts each day's take ÷ that day's worth; the carry is divided by the day's hours (week ÷ working
 *   days) of the year's first employed day, what expired by those of the expiry date, an adjustment by those of
 *   its date, each date moved to the nearest employed day of the year. The day shown is today's (nearest).
 */

export interface RefContract {
  validFrom: string | null;
  mondayHours: number;
  tuesdayHours: number;
  wednesdayHours: number;
  thursdayHours: number;
  fridayHours: number;
  saturdayHours: number;
  sundayHours: number;
}

export type RefPolicy = {
  yearStartMonth: number;
  accrual: 'upfront' | 'monthly';
  carryOverCapHours: number | null;
  carryOverExpiry: { month: number; day: number } | null;
  firstLeaveYear: number;
} & (
  { unit: 'hours'; entitlementHours: number; fullTimeWeeklyHours: number } | { unit: 'days'; entitlementDays: number; fullWeekDays: number }
);

export interface RefInput {
  policy: RefPolicy;
  settings: { saturdayWorkday: boolean; sundayWorkday: boolean };
  employee: { startDate?: string | null; endDate?: string | null; contracts: RefContract[] };
  exceptions: Array<{
    startDate: string;
    endDate: string;
    isFullDay: boolean;
    hours: number | null;
    countsAgainstAllowance: boolean;
    status: 'approved' | 'pending';
  }>;
  holidays: string[];
  adjustments: Array<{ date: string; hours: number; reason: string }>;
  year: number;
  today: string;
}

export interface RefRow {
  year: number;
  yearStart: string;
  yearEnd: string;
  entitlementHours: number;
  accruedHours: number;
  carriedOverHours: number;
  carryOverExpiresOn: string | null;
  expiredHours: number;
  takenHours: number;
  bookedHours: number;
  pendingHours: number;
  adjustmentHours: number;
  remainingHours: number;
  days: {
    dayHours: number;
    entitlement: number;
    accrued: number;
    carriedOver: number;
    expired: number;
    taken: number;
    booked: number;
    pending: number;
    adjustments: number;
    remaining: number;
  } | null;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const ymd = (d: Date) => `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
const dateOf = (year: number, month: number, day: number) => ymd(new Date(Date.UTC(year, month - 1, day)));
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return ymd(d);
}
/** One decimal, absorbing binary noise first. */
const oneDecimal = (n: number) => Math.round(Number((n * 10).toPrecision(12))) / 10;

function hoursOn(c: RefContract, date: string): number {
  // getUTCDay: 0 Sunday … 6 Saturday
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return [c.sundayHours, c.mondayHours, c.tuesdayHours, c.wednesdayHours, c.thursdayHours, c.fridayHours, c.saturdayHours][day];
}

function siteWorks(input: RefInput, date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (day === 6) return input.settings.saturdayWorkday;
  if (day === 0) return input.settings.sundayWorkday;
  return true;
}

function contractedWeek(input: RefInput, c: RefContract): number {
  let week = c.mondayHours + c.tuesdayHours + c.wednesdayHours + c.thursdayHours + c.fridayHours;
  if (input.settings.saturdayWorkday) week += c.saturdayHours;
  if (input.settings.sundayWorkday) week += c.sundayHours;
  return week;
}

function workingDaysWithHours(input: RefInput, c: RefContract): number {
  let n = [c.mondayHours, c.tuesdayHours, c.wednesdayHours, c.thursdayHours, c.fridayHours].filter((h) => h > 0).length;
  if (input.settings.saturdayWorkday && c.saturdayHours > 0) n++;
  if (input.settings.sundayWorkday && c.sundayHours > 0) n++;
  return n;
}

function versionOn(input: RefInput, date: string): RefContract | null {
  const e = input.employee;
  let start: string | null | undefined = e.startDate;
  if (start === undefined || start === null) {
    start = null;
    let earliest: string | null | undefined = undefined;
    for (const c of e.contracts)
      if (earliest === undefined || c.validFrom === null || (earliest !== null && c.validFrom < earliest)) earliest = c.validFrom;
    if (earliest !== undefined) start = earliest;
  }
  if (start !== null && date < start) return null;
  if (e.endDate && date > e.endDate) return null;
  let found: RefContract | null = null;
  for (const c of e.contracts) {
    if (c.validFrom !== null && c.validFrom > date) continue;
    if (found === null || (found.validFrom ?? '') < (c.validFrom ?? '')) found = c;
  }
  return found;
}

function yearRow(input: RefInput, year: number, carried: number, today: string): RefRow {
  const p = input.policy;
  const yearStart = dateOf(year, p.yearStartMonth, 1);
  const yearEnd = dateOf(year + 1, p.yearStartMonth, 0);
  let dayCount = 0;
  for (let d = yearStart; d <= yearEnd; d = nextDay(d)) dayCount++;

  let expiresOn: string | null = null;
  if (p.carryOverExpiry) {
    const startYear = Number(yearStart.slice(0, 4));
    expiresOn = `${startYear}-${two(p.carryOverExpiry.month)}-${two(p.carryOverExpiry.day)}`;
    if (expiresOn < yearStart) expiresOn = `${startYear + 1}-${two(p.carryOverExpiry.month)}-${two(p.carryOverExpiry.day)}`;
  }

  let entitlement = 0;
  let monthlyAccrued = 0;
  let taken = 0;
  let booked = 0;
  let pending = 0;
  let usedBeforeExpiry = 0;
  const inDays = { entitlement: 0, accrued: 0, taken: 0, booked: 0, pending: 0 };
  const employedDays: string[] = [];
  for (let date = yearStart; date <= yearEnd; date = nextDay(date)) {
    const version = versionOn(input, date);
    if (version === null) continue;
    employedDays.push(date);
    const week = contractedWeek(input, version);
    const share =
      p.unit === 'hours'
        ? (p.entitlementHours * week) / p.fullTimeWeeklyHours / dayCount
        : (p.entitlementDays * week) / p.fullWeekDays / dayCount;
    entitlement += share;
    if (`${date.slice(0, 8)}01` <= today) monthlyAccrued += share;
    if (p.unit === 'days') {
      const dayShare = (p.entitlementDays * workingDaysWithHours(input, version)) / p.fullWeekDays / dayCount;
      inDays.entitlement += dayShare;
      if (p.accrual === 'upfront' ? today >= yearStart : `${date.slice(0, 8)}01` <= today) inDays.accrued += dayShare;
    }

    const worth = siteWorks(input, date) && !input.holidays.includes(date) ? hoursOn(version, date) : 0;
    let askedApproved = 0;
    let askedPending = 0;
    for (const x of input.exceptions) {
      if (!x.countsAgainstAllowance || date < x.startDate || date > x.endDate) continue;
      const asked = x.isFullDay && x.hours === null ? worth : Math.max(0, x.hours ?? 0);
      if (x.status === 'approved') askedApproved += asked;
      else askedPending += asked;
    }
    const approved = Math.min(worth, askedApproved);
    const pend = Math.min(worth - approved, askedPending);
    if (date <= today) taken += approved;
    else booked += approved;
    pending += pend;
    if (worth > 0) {
      if (date <= today) inDays.taken += approved / worth;
      else inDays.booked += approved / worth;
      inDays.pending += pend / worth;
    }
    if (expiresOn !== null && date <= expiresOn) usedBeforeExpiry += approved;
  }
  const accrued = p.accrual === 'upfront' ? (today >= yearStart ? entitlement : 0) : monthlyAccrued;
  const expired = expiresOn !== null && today > expiresOn ? carried - Math.min(carried, usedBeforeExpiry) : 0;
  let adjustments = 0;
  for (const a of input.adjustments) if (a.date >= yearStart && a.date <= yearEnd) adjustments += a.hours;

  const row: RefRow = {
    year,
    yearStart,
    yearEnd,
    entitlementHours: oneDecimal(entitlement),
    accruedHours: oneDecimal(accrued),
    carriedOverHours: oneDecimal(carried),
    carryOverExpiresOn: expiresOn,
    expiredHours: oneDecimal(expired),
    takenHours: oneDecimal(taken),
    bookedHours: oneDecimal(booked),
    pendingHours: oneDecimal(pending),
    adjustmentHours: oneDecimal(adjustments),
    remainingHours: oneDecimal(entitlement + carried - expired + adjustments - taken - booked),
    days: null,
  };
  if (p.unit === 'days' && employedDays.length > 0) {
    const nearest = (date: string) =>
      date < employedDays[0]
        ? employedDays[0]
        : date > employedDays[employedDays.length - 1]
          ? employedDays[employedDays.length - 1]
          : date;
    const dayHoursOn = (date: string) => {
      const version = versionOn(input, nearest(date))!;
      const n = workingDaysWithHours(input, version);
      return n === 0 ? 0 : contractedWeek(input, version) / n;
    };
    const hoursToDays = (hours: number, date: string) => (dayHoursOn(date) === 0 ? 0 : hours / dayHoursOn(date));
    const dayHours = dayHoursOn(today);
    if (dayHours > 0) {
      const carriedDays = hoursToDays(carried, employedDays[0]);
      const expiredDays = expiresOn === null ? 0 : hoursToDays(expired, expiresOn);
      let adjustmentDays = 0;
      for (const a of input.adjustments) if (a.date >= yearStart && a.date <= yearEnd) adjustmentDays += hoursToDays(a.hours, a.date);
      row.days = {
        dayHours: Math.round(Number((dayHours * 100).toPrecision(12))) / 100,
        entitlement: oneDecimal(inDays.entitlement),
        accrued: oneDecimal(inDays.accrued),
        carriedOver: oneDecimal(carriedDays),
        expired: oneDecimal(expiredDays),
        taken: oneDecimal(inDays.taken),
        booked: oneDecimal(inDays.booked),
        pending: oneDecimal(inDays.pending),
        adjustments: oneDecimal(adjustmentDays),
        remaining: oneDecimal(inDays.entitlement + carriedDays - expiredDays + adjustmentDays - inDays.taken - inDays.booked),
      };
    }
  }
  return row;
}

/** The balance row for input.year as of input.today. */
export function referenceBalance(input: RefInput, year = input.year, today = input.today): RefRow {
  const p = input.policy;
  let carried = 0;
  if (year > p.firstLeaveYear && p.carryOverCapHours !== 0) {
    const previous = referenceBalance(input, year - 1, dateOf(year, p.yearStartMonth, 1));
    carried = Math.max(0, previous.remainingHours);
    if (p.carryOverCapHours !== null && carried > p.carryOverCapHours) carried = p.carryOverCapHours;
  }
  return yearRow(input, year, carried, today);
}
