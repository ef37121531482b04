import { z } from 'zod';
import { ZDay, zText, ZVersion } from './common';
import { ZCoverageConfirmation } from './coverage';

/** Longest span one exception may cover: every day of it is marked changed in one transaction. */
export const MAX_EXCEPTION_DAYS = 1100;
/** The absolute ceiling of exception hours (twice 24); the per-employee maximum is checked on the server. */
export const MAX_EXCEPTION_HOURS = 48;
/** Maximum when the employee's regular hours for the start date's weekday are 0 (spec §5). */
export const FALLBACK_MAX_HOURS = 16;

/** The longest exception note; the web form counts towards it and the same schema refuses more. */
export const EXCEPTION_NOTES_MAX = 2000;

export const exceptionMessages = {
  notesMax: 'Notes must be 2,000 characters or fewer',
  employee: 'Please select an employee',
  reason: 'Please select a reason',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  endBeforeStart: 'End date cannot be before start date',
  tooLong: `An exception may span at most ${MAX_EXCEPTION_DAYS} days`,
  hoursMin: 'Hours must be 0 or more',
  hoursRequired: 'Hours are required when Full Day is off',
  hoursMax: (max: number) => `Hours cannot exceed ${max}`,
  stale: 'This exception was changed by someone else. Reload the calendar and try again.',
} as const;

/**
 * The most hours an exception may carry: twice the employee's regular hours for the weekday, or 16
 * when those are 0 (spec §5). The client shows it on the hours input; the server enforces it.
 */
export const maxExceptionHours = (regularHours: number) => (regularHours > 0 ? Math.round(regularHours * 20) / 10 : FALLBACK_MAX_HOURS);

const id = (message: string) => z.number({ message }).int(message).positive(message);
const day = (message: string) => z.string({ message }).min(1, { message, abort: true }).pipe(ZDay);

const fields = {
  employeeId: id(exceptionMessages.employee),
  reasonId: id(exceptionMessages.reason),
  /** Optional; when sent it must be the current site. */
  siteId: z.number({ message: 'Site must be a number' }).int().positive().nullish(),
  startDate: day(exceptionMessages.startDate),
  endDate: day(exceptionMessages.endDate),
  isFullDay: z.boolean({ message: 'isFullDay must be true or false' }).default(true),
  hours: z
    .number({ message: 'Hours must be a number' })
    .min(0, exceptionMessages.hoursMin)
    .max(MAX_EXCEPTION_HOURS, exceptionMessages.hoursMax(MAX_EXCEPTION_HOURS))
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, 'Hours must be in steps of 0.1')
    .meta({ multipleOf: 0.1 })
    .nullable()
    .default(null),
  notes: zText({ field: 'Notes', message: 'Notes must be text', multiline: true })
    .max(EXCEPTION_NOTES_MAX, exceptionMessages.notesMax)
    .nullable()
    .optional(),
};

const spanDays = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

type Shape = { startDate: string; endDate: string; isFullDay: boolean; hours: number | null };

/** The cross-field rules, shared by create and update (and by the web form). */
function withRules<T extends z.ZodType<Shape>>(schema: T) {
  return schema
    .refine((v) => v.endDate >= v.startDate, { message: exceptionMessages.endBeforeStart, path: ['endDate'] })
    .refine((v) => v.endDate < v.startDate || spanDays(v.startDate, v.endDate) <= MAX_EXCEPTION_DAYS, {
      message: exceptionMessages.tooLong,
      path: ['endDate'],
    })
    .refine((v) => v.isFullDay || v.hours !== null, { message: exceptionMessages.hoursRequired, path: ['hours'] });
}

export const ZExceptionFields = z.object(fields);

/** Sent again with a change the 409 `coverage_shortfall` named, to save it anyway (decisions 096, 097). */
const confirmable = { coverageConfirmation: ZCoverageConfirmation.optional() };

/** POST /api/exceptions. `notes` left out means none. */
export const ZExceptionRequest = withRules(ZExceptionFields.extend(confirmable));
export type TExceptionRequest = z.input<typeof ZExceptionRequest>;
export type TExceptionValues = z.output<typeof ZExceptionRequest>;

/**
 * PUT /api/exceptions/{id} and PUT /api/absences/{id}: edit, move and resize. The same fields plus the
 * `version` the client last read; `notes` left out keeps the stored notes.
 */
export const ZExceptionUpdateRequest = withRules(ZExceptionFields.extend({ version: ZVersion, ...confirmable }));
export type TExceptionUpdateRequest = z.input<typeof ZExceptionUpdateRequest>;
export type TExceptionUpdateValues = z.output<typeof ZExceptionUpdateRequest>;
