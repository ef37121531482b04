import { z } from 'zod';
import { ZDirection, zText } from './common';

import { SIDEBAR_CATEGORIES } from '../domain/sidebar';

export { SIDEBAR_CATEGORIES };
export const ZSidebarCategory = z.enum(SIDEBAR_CATEGORIES, { message: 'categoryType must be employees, notes or exceptions' });
export type TSidebarCategory = z.infer<typeof ZSidebarCategory>;

export const ZSettings = z.object({
  siteName: z.string(),
  businessName: z.string().nullable(),
  saturdayWorkday: z.boolean(),
  saturdayHours: z.number(),
  sundayWorkday: z.boolean(),
  sundayHours: z.number(),
  defaultDailyHours: z.number(),
  defaultEfficiencyRate: z.number(),
  dataRetentionDays: z.number(),
  futureDataDays: z.number(),
  sidebarCategoryOrder: z.array(ZSidebarCategory),
  /** "Show absence types to staff" (decision 106): Staff see a colleague's type, never a sickness one, not "Away". */
  showAbsenceTypesToStaff: z.boolean(),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZReorderCategoriesRequest = z.object({ categoryType: ZSidebarCategory, direction: ZDirection });
export type TReorderCategoriesRequest = z.infer<typeof ZReorderCategoriesRequest>;

/** Free text of the settings screen: single-line, no control characters. */
const settingsText = (field: string, required: string, max: number) =>
  zText({ field, message: required }).trim().min(1, required).max(max, `At most ${max} characters`);

export const WEEKEND_HOURS_MAX = 24;
const weekendHours = z
  .number({ message: 'Hours must be a number' })
  .min(0, 'Hours cannot be negative')
  .max(WEEKEND_HOURS_MAX, `Hours cannot exceed ${WEEKEND_HOURS_MAX}`);

/** PUT /api/settings: the spec's four fields plus the weekend hours and data management values. */
export const ZUpdateSettingsRequest = z.object({
  siteName: settingsText('Site name', 'Site name is required', 100),
  businessName: settingsText('Company name', 'Company name is required', 200).nullable().optional(),
  saturdayWorkday: z.boolean(),
  sundayWorkday: z.boolean(),
  saturdayHours: weekendHours.optional(),
  sundayHours: weekendHours.optional(),
  dataRetentionDays: z.number().optional(),
  futureDataDays: z.number().optional(),
  autoCleanupEnabled: z.boolean().optional(),
  /** Admins only; left out: unchanged (decision 106). */
  showAbsenceTypesToStaff: z.boolean({ message: 'showAbsenceTypesToStaff must be true or false' }).optional(),
});
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

/** What the Settings screen reads beyond ZSettings: the data management record. */
export const ZDataManagement = z.object({
  dataRetentionDays: z.number(),
  futureDataDays: z.number(),
  autoCleanupEnabled: z.boolean(),
  lastDataCleanup: z.string().nullable(),
  holidayCountry: z.string().nullable(),
  holidayState: z.string().nullable(),
});
export type TDataManagement = z.infer<typeof ZDataManagement>;

export const ZSettingsResponse = ZSettings.extend({ dataManagement: ZDataManagement });
export type TSettingsResponse = z.infer<typeof ZSettingsResponse>;
