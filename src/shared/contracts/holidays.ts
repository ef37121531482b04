import { z } from 'zod';
import { ZDay, zText } from './common';
import { ZContractDeleteQuery } from './employee-contracts';

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
  /** A date before today whose hours it moves is a change of the past (decision 111): 409 `PAST_CHANGE` until true. */
  confirmPast: z.boolean().optional(),
});
export type TCreateHolidayRequest = z.infer<typeof ZCreateHolidayRequest>;

/** DELETE /api/public-holidays/{id}?confirmPast=true: a holiday before today whose day had hours (decision 111). */
export const ZHolidayDeleteQuery = ZContractDeleteQuery;

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
  /** As for one holiday: holidays before today that move hours are imported only once confirmed (decision 111). */
  confirmPast: z.boolean().optional(),
});
export type TImportHolidaysRequest = z.infer<typeof ZImportHolidaysRequest>;

export const ZImportHolidaysResponse = z.object({ imported: z.number(), skipped: z.number() });

export const ZRegionOption = z.object({ code: z.string(), name: z.string() });
export const ZRegions = z.array(ZRegionOption);
export type TRegionOption = z.infer<typeof ZRegionOption>;

export const ZDataMaintenanceRequest = z.object({ retentionDays: z.unknown().optional(), futureDataDays: z.unknown().optional() });
export const ZDataMaintenanceResponse = z.object({ cleaned: z.number(), extended: z.number(), lastDataCleanup: z.string() });
