/** The months by name, one list for every screen that writes them. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const MONTH_SHORT = MONTH_NAMES.map((m) => m.slice(0, 3));

const pad = (n: number) => String(n).padStart(2, '0');

/** The `yyyy-MM-dd` of a local Date (the browser's calendar day), by default now. */
export const localDay = (d: Date = new Date()): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** "3 Mar 2026" from "2026-03-03", built by hand so the label never shifts with the time zone. */
export function dayMonthYear(date: string): string {
  return `${+date.slice(8, 10)} ${MONTH_SHORT[+date.slice(5, 7) - 1]} ${date.slice(0, 4)}`;
}

/** Where a contract version starts: its date, or "start" for the version in force from the beginning. */
export const contractStart = (validFrom: string | null) => (validFrom ? dayMonthYear(validFrom) : 'start');
