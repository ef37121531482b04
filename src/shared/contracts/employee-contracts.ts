import { z } from 'zod';
import { ZDay } from './common';
import { ZEmployeeInput } from './employees';

/**
 * Employment contracts (decision 076): an employee's weekly hours and efficiency as versions, each in force
 * from its `validFrom` until the next version's. `validFrom: null` is in force from the beginning of time
 * (every employee that existed before contracts has one such version). An employee's optional `endDate` is
 * the last day employed: no hours after it.
 */

const hoursFields = ZEmployeeInput.omit({ name: true, teamId: true, startDate: true, confirmPast: true });

export const ZContractInput = hoursFields.extend({
  validFrom: ZDay.nullable(),
  /**
   * A change that reaches a day before today is refused with 409 (`ZPastChangeRefusal`) unless this is
   * true; only administrators may send it.
   */
  confirmPast: z.boolean().optional(),
});
export type TContractInput = z.infer<typeof ZContractInput>;

export const ZContract = hoursFields.extend({
  id: z.number(),
  employeeId: z.number(),
  validFrom: z.string().nullable(),
  /** The day before the next version starts, or the employee's end date; null when open-ended. */
  validTo: z.string().nullable(),
  /** Whether this is the version in force today (or, for a joiner, the first one). */
  current: z.boolean(),
});
export type TContract = z.infer<typeof ZContract>;

export const ZContractList = z.object({
  employeeId: z.number(),
  endDate: z.string().nullable(),
  contracts: z.array(ZContract),
});
export type TContractList = z.infer<typeof ZContractList>;

export const ZContractParams = z.object({
  id: z.coerce.number({ message: 'Id must be a number' }).int('Id must be a whole number').positive('Id must be positive').max(2147483647),
  contractId: z.coerce
    .number({ message: 'Contract id must be a number' })
    .int('Contract id must be a whole number')
    .positive('Contract id must be positive')
    .max(2147483647),
});

export const ZContractDeleteQuery = z.object({
  confirmPast: z
    .enum(['true', 'false'], { message: 'confirmPast must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** DELETE /api/employees/{id}?confirmPast=true: deleting someone whose hours counted on past days (decision 107). */
export const ZEmployeeDeleteQuery = ZContractDeleteQuery;

/** PUT /api/employees/{id}/end-date: the last day employed, or null for none. */
export const ZEndDateInput = z.object({ endDate: ZDay.nullable(), confirmPast: z.boolean().optional() });
export type TEndDateInput = z.infer<typeof ZEndDateInput>;

/** The 409 of a change that reaches past days and was not confirmed: what it would change. */
export const ZPastChangeRefusal = z.object({
  message: z.string(),
  code: z.literal('PAST_CHANGE'),
  /** Days before today whose hours the change alters: available or default (with no one away, the same days). */
  pastDays: z.number(),
  /** Of those, days already authorised: they stay authorised with their authorised hours kept. */
  authorisedDays: z.number(),
});
export type TPastChangeRefusal = z.infer<typeof ZPastChangeRefusal>;

export const contractMessages = {
  sameDate: (date: string) => `This employee already has a contract starting ${date}. Edit that one instead.`,
  onlyOne: 'An employee needs at least one contract. Edit it instead of deleting it.',
  onlyFirstOpen: 'Only the earliest contract can start from the beginning. Give this one a start date.',
  notFound: 'Contract not found',
  pastAdminOnly: 'Only an administrator can change hours before today.',
  pastConfirm: (days: number, authorised: number) =>
    `This changes the hours of ${days} past ${days === 1 ? 'day' : 'days'}, ${authorised} of them authorised. Confirm to go on.`,
  endBeforeStart: 'The end date cannot be before the first contract starts.',
  // Employment bounds the contract (decision 107): the start date is the first version's start.
  startFromNextVersion: (next: string) =>
    `The start date must be before ${next}, when this employee's next contract version starts. Change or delete that version first.`,
  startAfterEnd: (end: string) => `The start date cannot be after the end date (${end}).`,
  startRequired: 'Give the day this employee started: their first contract starts on it.',
} as const;

/** GET /api/day-explain?date= */
export const ZDayExplainQuery = z.object({ date: ZDay });

export const ZExplainException = z.object({
  id: z.number(),
  reasonName: z.string(),
  isAdditive: z.boolean(),
  isFullDay: z.boolean(),
  /** Signed hours this exception moves the employee's day by (before the floor at 0). */
  amount: z.number(),
  /** `contract`: a full day without its own hours takes the contract's hours for the weekday; `own`: its own hours. */
  source: z.enum(['contract', 'own']),
});

export const ZExplainEmployee = z.object({
  employeeId: z.number(),
  name: z.string(),
  /** The version in force, or null when the employee is not employed that day (before joining, after leaving). */
  contract: z
    .object({ id: z.number().nullable(), validFrom: z.string().nullable(), weekdayHours: z.number(), efficiency: z.number() })
    .nullable(),
  /** Contract hours for the weekday × efficiency; 0 on a holiday or a non-working weekend. */
  baseHours: z.number(),
  exceptions: z.array(ZExplainException),
  /** Base plus the exceptions' amounts, before the floor. */
  sumHours: z.number(),
  /** max(0, sum): what the employee adds to the day. */
  adjustedHours: z.number(),
  floored: z.boolean(),
});

export const ZDayExplain = z.object({
  date: z.string(),
  weekday: z.string(),
  isPublicHoliday: z.boolean(),
  publicHolidayName: z.string().nullable(),
  isWeekend: z.boolean(),
  isWorkingWeekend: z.boolean(),
  /** False on a holiday or a weekend the site does not work: base hours are 0. */
  isWorkingDay: z.boolean(),
  employees: z.array(ZExplainEmployee),
  /** Sum of the employees' base hours, 1 dp: the calendar's default hours. */
  defaultHours: z.number(),
  /** Sum of adjusted hours, 1 dp: the calendar's available hours (computed). */
  availableHours: z.number(),
  /** What the calendar shows: before the stored-hours cutoff a stored value may stand instead. */
  shownHours: z.number(),
  source: z.enum(['computed', 'stored']),
  /** The site's minimum for the day (decision 096), or null when it has none. */
  requiredHours: z.number().nullable(),
  /** How far the shown hours are under the minimum, one decimal; 0 when covered or without a minimum. */
  shortHours: z.number(),
});
export type TDayExplain = z.infer<typeof ZDayExplain>;
