import { z } from 'zod';
import { ZDay } from './common';

/** Longest window one read may ask for: two years of day changes plus slack. */
export const MAX_WINDOW_DAYS = 1100;

type Window = { startDate: string; endDate: string };
const windowRules = <T extends z.ZodType<Window>>(schema: T) =>
  schema
    .refine((q) => q.endDate >= q.startDate, { message: 'endDate must not be before startDate', path: ['endDate'] })
    .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 <= MAX_WINDOW_DAYS, {
      message: `The date window may span at most ${MAX_WINDOW_DAYS} days`,
      path: ['endDate'],
    });

export const ZWindowQuery = windowRules(z.object({ startDate: ZDay, endDate: ZDay }));
/** GET /api/exceptions: the window, and optionally one employee's only (the employee page's year, decision 088). */
export const ZExceptionWindowQuery = windowRules(
  z.object({
    startDate: ZDay,
    endDate: ZDay,
    employeeId: z.coerce
      .number({ message: 'employeeId must be a number' })
      .int('employeeId must be a whole number')
      .positive('employeeId must be positive')
      .max(2147483647, 'employeeId is out of range')
      .optional(),
  }),
);
export type TExceptionWindowQuery = z.infer<typeof ZExceptionWindowQuery>;
export type TWindowQuery = z.infer<typeof ZWindowQuery>;

export { UNKNOWN_EMPLOYEE, UNKNOWN_REASON, UNKNOWN_REASON_COLOR } from './unknown-names';

export const ZExceptionView = z.object({
  id: z.number(),
  siteId: z.number(),
  employeeId: z.number(),
  reasonId: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  isFullDay: z.boolean(),
  hours: z.number().nullable(),
  notes: z.string().nullable(),
  version: z.number(),
  employeeName: z.string(),
  reasonName: z.string(),
  reasonColor: z.string(),
  isAdditive: z.boolean(),
  /** The span starts inside the requested window. */
  isRangeStart: z.boolean(),
  /** The span ends inside the requested window. */
  isRangeEnd: z.boolean(),
});
export type TExceptionView = z.infer<typeof ZExceptionView>;

export const ZNoteView = z.object({
  id: z.number(),
  siteId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  color: z.string(),
  isFullDay: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNoteView = z.infer<typeof ZNoteView>;

export const ZHoliday = z.object({ id: z.number(), name: z.string(), date: z.string() });
export type THoliday = z.infer<typeof ZHoliday>;

export const ZDayChange = z.object({
  date: z.string(),
  authorised: z.boolean(),
  defaultHours: z.number(),
  currentHours: z.number(),
  authorisedHours: z.number().nullable(),
  authorisedBy: z.string().nullable(),
  authorisedAt: z.string().nullable(),
  lastModified: z.string(),
});
export type TDayChange = z.infer<typeof ZDayChange>;

export const ZReason = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  isAdditive: z.boolean(),
  /** Time-off requests of this type need two different approvers (decision 092); the server always sends it. */
  needsTwoApprovals: z.boolean().optional(),
  /** Absences of this type take leave allowance (decision 095); the server always sends it. */
  countsAgainstAllowance: z.boolean().optional(),
  /** Sickness (decision 106): never named to Staff on a colleague's absence; the server always sends it. */
  isSickness: z.boolean().optional(),
  /** Staff may ask for it as time off (decision 113); never a type that adds hours; the server always sends it. */
  isRequestable: z.boolean().optional(),
  sortOrder: z.number(),
  /** Business-wide types show in every site of the business; site types only in theirs. */
  scope: z.enum(['business', 'site']),
});
export type TReason = z.infer<typeof ZReason>;
