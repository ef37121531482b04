import { z } from 'zod';
import { ZDirection } from './common';

export const SIDEBAR_CATEGORIES = ['employees', 'notes', 'exceptions'] as const;
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
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZReorderCategoriesRequest = z.object({ categoryType: ZSidebarCategory, direction: ZDirection });
export type TReorderCategoriesRequest = z.infer<typeof ZReorderCategoriesRequest>;
