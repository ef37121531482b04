const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "3 Mar 2026" from "2026-03-03", built by hand so the label never shifts with the time zone. */
export function dayMonthYear(date: string): string {
  return `${+date.slice(8, 10)} ${MONTHS[+date.slice(5, 7) - 1]} ${date.slice(0, 4)}`;
}

/** Where a contract version starts: its date, or "start" for the version in force from the beginning. */
export const contractStart = (validFrom: string | null) => (validFrom ? dayMonthYear(validFrom) : 'start');
