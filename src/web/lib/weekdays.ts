import { weekdayFields, type WeekdayField } from '../../shared/domain/weekdays';

/** The one weekday list of the web app, Monday first like the employee's hour fields. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface Weekday {
  field: WeekdayField;
  long: (typeof WEEKDAY_NAMES)[number];
  short: string;
}

export const WEEKDAYS: readonly Weekday[] = weekdayFields.map((field, i) => ({
  field,
  long: WEEKDAY_NAMES[i],
  short: WEEKDAY_NAMES[i].slice(0, 3),
}));

/** Saturday and Sunday (indexes 5 and 6, Monday first). */
export const isWeekendIndex = (i: number) => i >= 5;
