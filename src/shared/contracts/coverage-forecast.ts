import { z } from 'zod';
import { ZDay } from './common';

/**
 * The capacity forecast (decision 100): for every site the user may use, each day of some weeks ahead, the hours
 * available, required (the coverage minimum, decision 096) and by default, the holiday, and the hours if every
 * pending time-off request were approved. Columnar: one list of dates, and per site one array per figure, so
 * 50 sites × 56 days cross the wire as numbers rather than 2,800 objects.
 */

export const FORECAST_MAX_WEEKS = 12;
export const FORECAST_DEFAULT_WEEKS = 8;

export const ZForecastQuery = z
  .object({
    /** The first day shown; default this week's Monday. */
    from: ZDay.optional(),
    weeks: z.coerce
      .number({ message: 'Weeks must be a number' })
      .int('Weeks must be a whole number')
      .min(1, 'Weeks must be between 1 and 12')
      .max(FORECAST_MAX_WEEKS, 'Weeks must be between 1 and 12')
      .optional(),
  })
  .strict()
  // Twelve weeks from any day before this end within the four-digit years every date here is written in.
  .refine((q) => !q.from || q.from <= '9999-10-01', { message: 'The forecast must start on or before 9999-10-01', path: ['from'] });
export type TForecastQuery = z.infer<typeof ZForecastQuery>;

export const ZForecastSite = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Per day, in the order of `dates`. */
  availableHours: z.array(z.number()),
  /** The minimum; null on a day without one. */
  requiredHours: z.array(z.number().nullable()),
  /** Contracted hours without exceptions. */
  defaultHours: z.array(z.number()),
  /** The public holiday's name, or null. */
  holiday: z.array(z.string().nullable()),
  /** Available hours if every pending request in the window were approved (equal to available without one). */
  ifApprovedHours: z.array(z.number()),
  /** Hours under the minimum (0 when covered or without a minimum). */
  shortHours: z.array(z.number()),
  /** Pending requests overlapping the window. */
  pendingRequests: z.number().int(),
});
export type TForecastSite = z.infer<typeof ZForecastSite>;

export const ZForecast = z.object({
  from: ZDay,
  to: ZDay,
  weeks: z.number().int(),
  today: ZDay,
  dates: z.array(ZDay),
  sites: z.array(ZForecastSite),
});
export type TForecast = z.infer<typeof ZForecast>;

/** The columns of `GET /api/export/capacity.csv`, one row per site and day. */
export const CAPACITY_CSV_COLUMNS = ['Site', 'Date', 'Available', 'Required', 'Default', 'If approved', 'Shortfall', 'Holiday'] as const;
