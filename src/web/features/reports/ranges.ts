import { addDays, endOfMonth, startOfMonth, startOfWeek, subMonths, addMonths } from 'date-fns';
import { localDay } from '../../lib/day-label';

/** Spec §2 quick ranges. `today` is passed in so tests pin it. Weeks start on Monday, as in the calendar. */
export const QUICK_RANGES = ['Last Month', 'This Month', 'Next Month', 'Last 30 Days', 'Last 90 Days', 'Next Week'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export interface DateRange {
  startDate: string;
  endDate: string;
}

const day = (d: Date) => localDay(d);

export function quickRange(name: QuickRange, today: Date): DateRange {
  switch (name) {
    case 'Last Month': {
      const m = subMonths(today, 1);
      return { startDate: day(startOfMonth(m)), endDate: day(endOfMonth(m)) };
    }
    case 'This Month':
      return { startDate: day(startOfMonth(today)), endDate: day(endOfMonth(today)) };
    case 'Next Month': {
      const m = addMonths(today, 1);
      return { startDate: day(startOfMonth(m)), endDate: day(endOfMonth(m)) };
    }
    case 'Last 30 Days':
      return { startDate: day(addDays(today, -29)), endDate: day(today) };
    case 'Last 90 Days':
      return { startDate: day(addDays(today, -89)), endDate: day(today) };
    case 'Next Week': {
      const monday = addDays(startOfWeek(today, { weekStartsOn: 1 }), 7);
      return { startDate: day(monday), endDate: day(addDays(monday, 6)) };
    }
  }
}
