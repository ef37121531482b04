import { z } from 'zod';
import { COVERAGE_WEEKDAYS } from '../domain/coverage';
import { queryFlag, ZDay, zText } from './common';

/** Coverage (decision 096): a site's minimum available hours per day, the shortfalls under it, and the assistant. */

const ZMinimum = z
  .number({ message: 'Minimum hours must be a number' })
  .min(0, 'Minimum hours must not be negative')
  .max(9999, 'Minimum hours must be at most 9999')
  .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-9, 'Minimum hours go in steps of 0.1');

export const ZCoverageWeekdays = z
  .object(
    Object.fromEntries(COVERAGE_WEEKDAYS.map((d) => [d, ZMinimum.optional()])) as Record<
      (typeof COVERAGE_WEEKDAYS)[number],
      z.ZodOptional<typeof ZMinimum>
    >,
  )
  .strict();
export type TCoverageWeekdays = z.infer<typeof ZCoverageWeekdays>;

export const ZCoverageOverride = z.object({ date: ZDay, hours: ZMinimum }).strict();
export type TCoverageOverride = z.infer<typeof ZCoverageOverride>;

/**
 * `PUT /api/coverage-rules`: the weekday minimums from `validFrom` on (a new version, or the one starting that
 * day replaced), and the date overrides from `validFrom` on (those dated earlier are history and stay).
 */
export const ZCoverageRulesInput = z
  .object({
    weekdays: ZCoverageWeekdays.optional(),
    overrides: z.array(ZCoverageOverride).max(366, 'At most 366 overrides at once').optional(),
    validFrom: ZDay,
    /** Days ahead the daily alert looks for new shortfalls (default 14). */
    alertHorizonDays: z
      .number()
      .int('The alert horizon is a whole number of days')
      .min(1)
      .max(90, 'The alert horizon is at most 90 days')
      .optional(),
  })
  .strict()
  .refine((b) => new Set((b.overrides ?? []).map((o) => o.date)).size === (b.overrides ?? []).length, {
    message: 'Each override date may appear once',
    path: ['overrides'],
  })
  .refine((b) => (b.overrides ?? []).every((o) => o.date >= b.validFrom), {
    message: 'Overrides must be on or after validFrom',
    path: ['overrides'],
  });
export type TCoverageRulesInput = z.infer<typeof ZCoverageRulesInput>;

export const ZCoverageVersion = z.object({ validFrom: ZDay, weekdays: ZCoverageWeekdays });
export type TCoverageVersion = z.infer<typeof ZCoverageVersion>;

/** `GET /api/coverage-rules`: what holds today, every version, and the overrides from today on. */
export const ZCoverageRules = z.object({
  /** Today's weekday minimums (empty: none). */
  weekdays: ZCoverageWeekdays,
  /** Where today's version began; null when no version holds yet. */
  validFrom: ZDay.nullable(),
  overrides: z.array(ZCoverageOverride),
  versions: z.array(ZCoverageVersion),
  alertHorizonDays: z.number().int(),
});
export type TCoverageRules = z.infer<typeof ZCoverageRules>;

export const ZShortfallDay = z.object({
  date: ZDay,
  requiredHours: z.number(),
  availableBefore: z.number(),
  availableAfter: z.number(),
  shortHours: z.number(),
});
export type TShortfallDay = z.infer<typeof ZShortfallDay>;

/** The 409 of a change that creates or deepens a shortfall without `coverageConfirmation`. */
export const ZShortfallConflict = z.object({
  message: z.string(),
  code: z.literal('coverage_shortfall'),
  shortfalls: z.array(ZShortfallDay),
});
export type TShortfallConflict = z.infer<typeof ZShortfallConflict>;

/** Sent with a change the 409 named, to save it anyway; the reason is recorded with the change. */
export const ZCoverageConfirmation = z
  .object({
    reason: zText({ field: 'Reason', message: 'Reason is required' })
      .trim()
      .min(1, 'Give a reason')
      .max(500, 'Reason must be at most 500 characters'),
  })
  .strict();
export type TCoverageConfirmation = z.infer<typeof ZCoverageConfirmation>;

/** How far each way the assistant looks for another range, in days (decision 097). */
export const SUGGEST_MAX_SHIFT_DAYS = 42;
/** How many ranges it offers. */
export const SUGGEST_LIMIT = 3;
/** The longest range it weighs: a request's limit. */
export const SUGGEST_MAX_DAYS = 366;

const queryId = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a number`);

/**
 * `GET /api/coverage/suggest`: a request or exception about to be made (or, with `exceptionId`, an exception about
 * to be moved, left out of the site's hours), what it would do, and the nearest ranges of the same length that
 * leave no day short. Without `reasonId` the time off is taken to take hours (an additive type never does).
 */
export const ZCoverageSuggestQuery = z
  .object({
    employeeId: queryId('employeeId'),
    startDate: ZDay,
    endDate: ZDay,
    isFullDay: queryFlag('isFullDay', 'true'),
    hours: z.coerce
      .number({ message: 'Hours must be a number' })
      .min(0, 'Hours must be 0 or more')
      .max(48, 'Hours cannot exceed 48')
      .optional(),
    reasonId: queryId('reasonId').optional(),
    exceptionId: queryId('exceptionId').optional(),
  })
  .refine((v) => v.endDate >= v.startDate, { message: 'End date cannot be before start date', path: ['endDate'] })
  .refine((v) => v.endDate < v.startDate || (Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 < SUGGEST_MAX_DAYS, {
    message: `A range may span at most ${SUGGEST_MAX_DAYS} days`,
    path: ['endDate'],
  })
  .refine((v) => v.isFullDay || v.hours !== undefined, { message: 'Hours are required when Full Day is off', path: ['hours'] });
export type TCoverageSuggestQuery = z.input<typeof ZCoverageSuggestQuery>;

/** One day of a suggested range: its minimum (null: none) and the site's hours there with the change. */
export const ZSuggestionDay = z.object({ date: ZDay, requiredHours: z.number().nullable(), availableAfter: z.number() });

export const ZCoverageSuggestion = z.object({
  startDate: ZDay,
  endDate: ZDay,
  /** Days from the asked start: negative earlier, positive later. */
  shiftDays: z.number().int(),
  /** The least room left over the minimum on the days the change takes hours from; null when none has a minimum. */
  lowestMarginHours: z.number().nullable(),
  effect: z.array(ZSuggestionDay),
});
export type TCoverageSuggestion = z.infer<typeof ZCoverageSuggestion>;

export const ZCoverageSuggest = z.object({
  /** The days the asked range would create or deepen a shortfall on (empty: it is fine as it is). */
  shortfalls: z.array(ZShortfallDay),
  /** Up to 3 ranges, nearest first; offered only when `shortfalls` is not empty. */
  suggestions: z.array(ZCoverageSuggestion),
});
export type TCoverageSuggest = z.infer<typeof ZCoverageSuggest>;
