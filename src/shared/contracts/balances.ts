import { z } from 'zod';
import { queryFlag, ZDay, zText } from './common';
import { exceptionMessages, MAX_EXCEPTION_HOURS } from './exceptions';
import { leaveRequestMessages, MAX_REQUEST_DAYS } from './leave-requests';

/** Leave allowances and balances (decisions 094, 095). Every figure is hours to one decimal unless it says days. */

export const balanceMessages = {
  noPolicy: 'This site has no allowance policy yet: an admin sets one under Settings → Leave Allowance.',
  employeeNotFound: 'Employee not found',
  expiryNotADay: 'The carry-over expiry must be a real day of the year (29 February is not allowed)',
  adjustmentZero: 'An adjustment must add or take at least 0.1 hours',
  adjustmentNoPolicy:
    'An adjustment needs an allowance policy, and this site has none yet: an admin sets one under Settings → Leave Allowance.',
  adjustmentBeforePolicy: (start: string) =>
    `The allowance policy counts from its first leave year, which starts on ${start}: choose a date on or after it.`,
  belowZero: (left: number) =>
    `This request would leave ${Math.abs(left).toFixed(1)} h less than nothing once every request still waiting is approved, and this site's policy refuses that. Ask your manager.`,
} as const;

const number = (field: string) => z.number({ message: `${field} must be a number` });

const ZExpiry = z
  .object({
    month: number('Expiry month')
      .int('Expiry month must be a whole number')
      .min(1, 'Expiry month is 1 to 12')
      .max(12, 'Expiry month is 1 to 12'),
    day: number('Expiry day').int('Expiry day must be a whole number').min(1, 'Expiry day is 1 to 31').max(31, 'Expiry day is 1 to 31'),
  })
  // Checked against a leap year, so 30 February fails here and 29 February below.
  .refine((e) => new Date(Date.UTC(2000, e.month - 1, e.day)).getUTCDate() === e.day && !(e.month === 2 && e.day === 29), {
    message: balanceMessages.expiryNotADay,
  });

/** The engine's `LeavePolicy` on the wire; both entitlement pairs travel, `unit` says which one counts. */
export const ZAllowancePolicy = z.object({
  unit: z.enum(['hours', 'days'], { message: 'Unit must be hours or days' }),
  entitlementHours: number('Entitlement hours')
    .min(0, 'Entitlement hours must be 0 or more')
    .max(9999, 'Entitlement hours must be 9,999 or fewer'),
  // The column keeps two decimals: below 0.01 the stored value would round to 0, which every balance divides by.
  fullTimeWeeklyHours: number('Full-time weekly hours')
    .gt(0, 'Full-time weekly hours must be above 0')
    .min(0.01, 'Full-time weekly hours must be at least 0.01')
    .max(168, 'Full-time weekly hours must be 168 or fewer'),
  entitlementDays: number('Entitlement days')
    .min(0, 'Entitlement days must be 0 or more')
    .max(366, 'Entitlement days must be 366 or fewer'),
  fullWeekDays: number('Days in a full week')
    .int('Days in a full week must be a whole number')
    .min(1, 'A full week is 1 to 7 days')
    .max(7, 'A full week is 1 to 7 days'),
  yearStartMonth: number('Leave year start month')
    .int('Leave year start month must be a whole number')
    .min(1, 'Leave year start month is 1 to 12')
    .max(12, 'Leave year start month is 1 to 12'),
  accrual: z.enum(['upfront', 'monthly'], { message: 'Accrual must be upfront or monthly' }),
  carryOverCapHours: number('Carry-over cap')
    .min(0, 'The carry-over cap must be 0 or more')
    .max(9999, 'The carry-over cap must be 9,999 or fewer')
    .nullable(),
  carryOverExpiry: ZExpiry.nullable(),
  firstLeaveYear: number('First leave year')
    .int('First leave year must be a whole year')
    .min(1900, 'First leave year must be 1900 or later')
    .max(2200, 'First leave year must be 2200 or earlier'),
  /** Refuse a request that would take the balance below zero, counting every request still waiting; off: warn only. */
  refuseBelowZero: z.boolean({ message: 'refuseBelowZero must be true or false' }).default(false),
});
export type TAllowancePolicy = z.infer<typeof ZAllowancePolicy>;

export const ZAllowancePolicyReply = z.object({
  /** Null: the site has no policy, so no balances are counted. */
  policy: ZAllowancePolicy.nullable(),
  updatedAt: z.string().nullable(),
});
export type TAllowancePolicyReply = z.infer<typeof ZAllowancePolicyReply>;

export const ZBalanceAdjustmentInput = z.object({
  date: ZDay,
  hours: number('Hours')
    .min(-9999, 'Hours must be between -9,999 and 9,999')
    .max(9999, 'Hours must be between -9,999 and 9,999')
    .refine((h) => Math.abs(h) >= 0.05, balanceMessages.adjustmentZero),
  reason: zText({ field: 'Reason', message: 'A reason is required' })
    .trim()
    .min(2, 'The reason must be at least 2 characters')
    .max(200, 'The reason must be 200 characters or fewer'),
});
export type TBalanceAdjustmentInput = z.infer<typeof ZBalanceAdjustmentInput>;

export const ZBalanceAdjustment = z.object({
  id: z.number(),
  employeeId: z.number(),
  date: z.string(),
  hours: z.number(),
  reason: z.string(),
  /** Who recorded it (kept when the user is deleted) and when. */
  createdByName: z.string(),
  createdAt: z.string(),
});
export type TBalanceAdjustment = z.infer<typeof ZBalanceAdjustment>;
export const ZBalanceAdjustmentList = z.array(ZBalanceAdjustment);

const optionalInt = (field: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} is out of range`)
    .max(max, `${field} is out of range`)
    .optional();

export const ZBalancesQuery = z.object({
  /** The leave year, named by the calendar year it starts in; left out: the one today falls in. */
  year: optionalInt('Year', 1900, 2200),
  employeeId: optionalInt('Employee id', 1, 2147483647),
});
export type TBalancesQuery = z.infer<typeof ZBalancesQuery>;
export const ZBalancesCsvQuery = ZBalancesQuery.pick({ year: true });

const figures = {
  entitlement: z.number(),
  accrued: z.number(),
  carriedOver: z.number(),
  expired: z.number(),
  taken: z.number(),
  booked: z.number(),
  pending: z.number(),
  adjustments: z.number(),
  remaining: z.number(),
};

export const ZBalanceRow = z.object({
  employeeId: z.number(),
  employeeName: z.string(),
  ...figures,
  carryOverExpiresOn: z.string().nullable(),
  /** The same figures in the person's days, for a days policy; `dayHours` is one of their days. */
  days: z.object({ dayHours: z.number(), ...figures }).nullable(),
});
export type TBalanceRow = z.infer<typeof ZBalanceRow>;

export const ZBalances = z.object({
  year: z.number(),
  yearStart: z.string(),
  yearEnd: z.string(),
  unit: z.enum(['hours', 'days']),
  rows: z.array(ZBalanceRow),
});
export type TBalances = z.infer<typeof ZBalances>;

/** The CSV's columns, in order (hours, then days for a days policy). */
export const BALANCE_CSV_COLUMNS = [
  'Employee Id',
  'Employee',
  'Entitlement',
  'Accrued',
  'Carried Over',
  'Carry-over Expires',
  'Expired',
  'Taken',
  'Booked',
  'Pending',
  'Adjustments',
  'Remaining',
] as const;

const queryId = (field: string) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a number above 0`)
    .max(2147483647, `${field} is out of range`);

const spanDays = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

/**
 * `GET /api/balances/preview` (decision 112): a request about to be sent, or one already sent (`requestId`, so
 * it is not counted twice), weighed by the balance engine itself as if it were approved. The same fields and
 * rules as a request: type, first and last day (at most MAX_REQUEST_DAYS), full day or the hours of each day.
 */
export const ZBalancePreviewQuery = z
  .object({
    employeeId: queryId('Employee id'),
    reasonId: queryId('Type of time off'),
    startDate: ZDay,
    endDate: ZDay,
    isFullDay: queryFlag('isFullDay', 'true'),
    hours: z.coerce
      .number({ message: 'Hours must be a number' })
      .min(0, exceptionMessages.hoursMin)
      .max(MAX_EXCEPTION_HOURS, exceptionMessages.hoursMax(MAX_EXCEPTION_HOURS))
      .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, 'Hours must be in steps of 0.1')
      .optional(),
    /** A request already sent (pending): left out of what is waiting, then counted once, as approved. */
    requestId: queryId('Request id').optional(),
  })
  .refine((v) => v.endDate >= v.startDate, { message: exceptionMessages.endBeforeStart, path: ['endDate'] })
  .refine((v) => v.endDate < v.startDate || spanDays(v.startDate, v.endDate) <= MAX_REQUEST_DAYS, {
    message: leaveRequestMessages.tooLong,
    path: ['endDate'],
  })
  .refine((v) => v.isFullDay || v.hours !== undefined, { message: exceptionMessages.hoursRequired, path: ['hours'] });
export type TBalancePreviewQuery = z.input<typeof ZBalancePreviewQuery>;

const previewFigures = {
  /** What the request takes from the allowance: on each day only what the absences already there left of its worth. */
  takes: z.number(),
  /** The leave year's remaining now (a request still waiting is never deducted, this one included). */
  remaining: z.number(),
  /** The remaining once the request is approved: the balance engine's own answer, so the balance after approval. */
  remainingIfApproved: z.number(),
  /** The employee's other requests still waiting in that leave year. */
  otherPending: z.number(),
};

export const ZBalancePreview = z.object({
  /** The leave year the request starts in, named by the calendar year it starts in. */
  year: z.number(),
  yearStart: z.string(),
  yearEnd: z.string(),
  /** True when that leave year is the one today falls in. */
  currentYear: z.boolean(),
  unit: z.enum(['hours', 'days']),
  /** Whether the request's type counts against the allowance (an additive type never does); false: it takes 0. */
  counts: z.boolean(),
  ...previewFigures,
  /** The same figures in the person's days, for a days policy; `dayHours` is one of their days today. */
  days: z.object({ dayHours: z.number(), ...previewFigures }).nullable(),
});
export type TBalancePreview = z.infer<typeof ZBalancePreview>;
