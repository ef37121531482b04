/** Zod-free, so a page that needs only the field names does not load zod (decision 034). */
export const weekdayFields = [
  'mondayHours',
  'tuesdayHours',
  'wednesdayHours',
  'thursdayHours',
  'fridayHours',
  'saturdayHours',
  'sundayHours',
] as const;
export type WeekdayField = (typeof weekdayFields)[number];
