import { z } from 'zod';
import { ZDay, zText } from './common';

export const holidayMessages = {
  missing: 'Missing information: Please provide both a name and date for the holiday.',
  duplicate: 'A holiday with this name already exists on that date.',
} as const;

/** POST /api/public-holidays. */
export const ZCreateHolidayRequest = z.object({
  name: zText({ field: 'Holiday name', message: holidayMessages.missing })
    .trim()
    .min(1, holidayMessages.missing)
    .max(200, 'At most 200 characters'),
  date: z.string({ message: holidayMessages.missing }).min(1, holidayMessages.missing).pipe(ZDay),
});
export type TCreateHolidayRequest = z.infer<typeof ZCreateHolidayRequest>;

export const ZRegionQuery = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}$/, 'Country code is required')
    .transform((c) => c.toUpperCase()),
  state: z
    .string()
    .trim()
    .max(10)
    .optional()
    .transform((s) => (s ? s.toUpperCase() : undefined)),
});

export const ZHolidayCandidatesQuery = ZRegionQuery.extend({
  year: z.coerce.number({ message: 'Year must be a number' }).int().min(1970, 'Year is out of range').max(2100, 'Year is out of range'),
});
export type THolidayCandidatesQuery = z.infer<typeof ZHolidayCandidatesQuery>;

export const ZHolidayCandidate = z.object({
  date: z.string(),
  name: z.string(),
  type: z.string(),
  /** Already in the site's list (same date and name): skipped by the import. */
  exists: z.boolean(),
});
export type THolidayCandidate = z.infer<typeof ZHolidayCandidate>;

export const ZImportHolidaysRequest = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}$/, 'Country code is required'),
  state: zText({ field: 'Region' }).trim().max(10).nullable().optional(),
  holidays: z
    .array(z.object({ date: ZDay, name: zText({ field: 'Holiday name' }).trim().min(1).max(200) }))
    .max(200, 'At most 200 holidays at once'),
});
export type TImportHolidaysRequest = z.infer<typeof ZImportHolidaysRequest>;

export const ZImportHolidaysResponse = z.object({ imported: z.number(), skipped: z.number() });

export const ZRegionOption = z.object({ code: z.string(), name: z.string() });
export const ZRegions = z.array(ZRegionOption);
export type TRegionOption = z.infer<typeof ZRegionOption>;

export const ZDataMaintenanceRequest = z.object({ retentionDays: z.unknown().optional(), futureDataDays: z.unknown().optional() });
export const ZDataMaintenanceResponse = z.object({ cleaned: z.number(), extended: z.number(), lastDataCleanup: z.string() });
