import { formatDay, MONTH_NAMES, MONTH_SHORT } from '../../shared/format/dates';

/** The months by name, one list for every screen that writes them (from the one formatter, decision 114). */
export { MONTH_NAMES, MONTH_SHORT };

const pad = (n: number) => String(n).padStart(2, '0');

/** The `yyyy-MM-dd` of a local Date (the browser's calendar day), by default now. */
export const localDay = (d: Date = new Date()): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** "3 Mar 2026" from "2026-03-03": the shared formatter's day (decision 114). */
export const dayMonthYear = formatDay;

/** Where a contract version starts: its date, or "start" for the version in force from the beginning. */
export const contractStart = (validFrom: string | null) => (validFrom ? formatDay(validFrom) : 'start');
