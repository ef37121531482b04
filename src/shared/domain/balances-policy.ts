/**
 * A site's leave policy and the balance engine's input and output shapes (decision 094). Kept apart from the
 * engine so the later contracts and routes can import the shapes without the arithmetic.
 */
import type { EngineContract } from './engine-types';

interface PolicyCommon {
  /** 1 (January) … 12: the leave year starts on the 1st of this month. */
  yearStartMonth: number;
  /** 'upfront': the year's entitlement is there from its first day; 'monthly': each month's share on the month's 1st. */
  accrual: 'upfront' | 'monthly';
  /** Most hours a year's remaining can carry into the next; null: no cap; 0: nothing carries. */
  carryOverCapHours: number | null;
  /** Last day carried hours can be used in the new leave year; null: they last the whole year. */
  carryOverExpiry: { month: number; day: number } | null;
  /** The first leave year the policy applies to: nothing carries into it (an opening balance is an adjustment). */
  firstLeaveYear: number;
}

/** Hours a year for someone contracted `fullTimeWeeklyHours`; others get the same share of their own week. */
export interface HoursPolicy extends PolicyCommon {
  unit: 'hours';
  entitlementHours: number;
  fullTimeWeeklyHours: number;
}

/**
 * Days a year for someone working `fullWeekDays` days a week: worth entitlementDays / fullWeekDays of each
 * person's own contracted week, so a four-day part-timer's days are four-day weeks' worth of their own hours.
 */
export interface DaysPolicy extends PolicyCommon {
  unit: 'days';
  entitlementDays: number;
  fullWeekDays: number;
}

export type LeavePolicy = HoursPolicy | DaysPolicy;

export interface BalanceEmployee {
  /** First day employed; absent: the first contract version's validFrom, else the beginning of time. */
  startDate?: string | null;
  /** Last day employed (decision 076). */
  endDate?: string | null;
  /** Ascending by validFrom (null first), as the availability engine reads them. */
  contracts: readonly Pick<
    EngineContract,
    'validFrom' | 'mondayHours' | 'tuesdayHours' | 'wednesdayHours' | 'thursdayHours' | 'fridayHours' | 'saturdayHours' | 'sundayHours'
  >[];
}

export interface BalanceException {
  /** yyyy-MM-dd, inclusive */
  startDate: string;
  /** yyyy-MM-dd, inclusive */
  endDate: string;
  isFullDay: boolean;
  /** A part day's hours on each day it covers; a full day with hours takes those hours. */
  hours: number | null;
  /** Its exception type's flag: only these take allowance. */
  countsAgainstAllowance: boolean;
  status: 'approved' | 'pending';
}

export interface BalanceAdjustment {
  /** Counts in the leave year this date falls in. */
  date: string;
  /** Signed: + adds to the balance, − takes from it. */
  hours: number;
  reason: string;
}

export interface BalanceInput {
  policy: LeavePolicy;
  /** The site's weekend flags: a weekend day the site does not work is no working day, as on the calendar. */
  settings: { saturdayWorkday: boolean; sundayWorkday: boolean };
  employee: BalanceEmployee;
  exceptions: readonly BalanceException[];
  /** The site's public holiday dates. */
  holidays: readonly string[];
  adjustments: readonly BalanceAdjustment[];
  /** The leave year, named by the calendar year it starts in. */
  year: number;
  /** yyyy-MM-dd: splits taken from booked, and says what has accrued and expired. */
  today: string;
}

/** The same figures in the person's own days, beside the hours, for a days policy. */
export interface BalanceDays {
  /** Hours of one of the person's days: the contracted week ÷ the days in it with hours. */
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
}

/** One employee's leave year. All hours to one decimal. */
export interface BalanceRow {
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
  /** entitlement + carried over − expired + adjustments − taken − booked. Pending is not deducted. */
  remainingHours: number;
  days: BalanceDays | null;
}

function bad(message: string): never {
  throw new RangeError(`Invalid leave policy: ${message}`);
}

const nonNegative = (n: number) => Number.isFinite(n) && n >= 0;

/** Refuses a policy the engine cannot read sensibly (the API's validation will say the same in words). */
export function checkPolicy(policy: LeavePolicy): void {
  if (policy.unit === 'hours') {
    if (!nonNegative(policy.entitlementHours)) bad('entitlement hours must be 0 or more');
    if (!(Number.isFinite(policy.fullTimeWeeklyHours) && policy.fullTimeWeeklyHours > 0)) bad('full-time weekly hours must be above 0');
  } else {
    if (!nonNegative(policy.entitlementDays)) bad('entitlement days must be 0 or more');
    if (!(Number.isInteger(policy.fullWeekDays) && policy.fullWeekDays >= 1 && policy.fullWeekDays <= 7)) bad('a full week is 1 to 7 days');
  }
  if (policy.carryOverCapHours !== null && !nonNegative(policy.carryOverCapHours)) bad('the carry-over cap must be 0 or more');
  if (!Number.isInteger(policy.firstLeaveYear)) bad('the first leave year must be a whole year');
}
