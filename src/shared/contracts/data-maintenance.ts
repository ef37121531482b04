import { z } from 'zod';

/**
 * GET /api/data-maintenance/preview (decision 080). The days arrive as the query's text and fall back like
 * the run's body (spec 02 §5), so the answer states the values the run would use.
 */
export const ZDataMaintenancePreviewQuery = z.object({
  retentionDays: z.string({ message: 'Retention days must be given once' }).max(40, 'Retention days is too long').optional(),
  futureDataDays: z.string({ message: 'Future data days must be given once' }).max(40, 'Future data days is too long').optional(),
});
export type TDataMaintenancePreviewQuery = z.infer<typeof ZDataMaintenancePreviewQuery>;

const count = z.number().int().nonnegative();

export const ZDataMaintenancePreview = z.object({
  /** The retention and future days the run would use and save, after the fallback to 365 and 730. */
  retentionDays: z.number().int(),
  futureDataDays: z.number().int(),
  /** Today (UTC) and the oldest day kept: rows dated or ending before `keepFrom` are removed. */
  today: z.string(),
  keepFrom: z.string(),
  /** The last day public holidays of the remembered region are filled up to. */
  extendTo: z.string(),
  removes: z.object({
    exceptions: count,
    notes: count,
    dayChanges: count,
    publicHolidays: count,
    expiredSessions: count,
    sentMail: count,
  }),
  /** The sum of `removes`: what the run's `cleaned` would be. */
  cleaned: count,
  /** Public holidays the run would add: what its `extended` would be. */
  extended: count,
  holidayRegion: z.object({ country: z.string(), state: z.string().nullable() }).nullable(),
});
export type TDataMaintenancePreview = z.infer<typeof ZDataMaintenancePreview>;
