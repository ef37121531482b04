import { formatWeekdayDayShort } from '../format/dates';
import { oneDecimal } from '../format/hours';
import type { ShortfallDay } from './coverage';

/**
 * The words of a shortfall (decision 096), one source for the server's 409, the dialogs, the mails and the
 * calendar cell. Zod-free and React-free: the server and every screen import it.
 */

/** "Tue 3 Mar" from "2026-03-03" (the year is said where it is not obvious, by the caller): the shared formatter's. */
export const shortDay = formatWeekdayDayShort;

export { oneDecimal };

/** The calendar cell's text: "Short 6.5 h". */
export const shortLabel = (shortHours: number): string => `Short ${oneDecimal(shortHours)} h`;

/** A shortfall day in a calendar feed (decision 099): "Short 6.5 h — required 40.0 h, available 33.5 h". */
export const shortfallSummary = (requiredHours: number, availableHours: number, shortHours: number): string =>
  `${shortLabel(shortHours)} — required ${oneDecimal(requiredHours)} h, available ${oneDecimal(availableHours)} h`;

/** "Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum" */
export const shortfallLine = (d: ShortfallDay): string =>
  `${shortDay(d.date)} drops to ${oneDecimal(d.availableAfter)} h, ${oneDecimal(d.shortHours)} h under the minimum`;

/** The 409's message: the first two days named, the rest counted. */
export function shortfallMessage(days: readonly ShortfallDay[]): string {
  return `This change leaves the site short: ${namedDays(days)}. Confirm with a reason to save it anyway.`;
}

function namedDays(days: readonly ShortfallDay[]): string {
  const named = days.slice(0, 2).map(shortfallLine).join('; ');
  const rest = days.length > 2 ? ` (and ${days.length - 2} more ${days.length - 2 === 1 ? 'day' : 'days'})` : '';
  return `${named}${rest}`;
}

/** A mailed link's approval that leaves the site short (decision 097): the link's page has no place for the reason. */
export const approveInAppMessage = (days: readonly ShortfallDay[]): string =>
  `Approving this request leaves the site short: ${namedDays(days)}. Open Hoursight to approve it with a reason.`;

export const coverageMessages = {
  reasonRequired: 'Give a reason for saving a change that leaves the site short.',
  rulesSaved: 'Minimum hours saved',
} as const;

/** A short day as the digest and the alert mail list it (decision 101). */
export interface ShortfallStatus {
  date: string;
  availableHours: number;
  requiredHours: number;
  shortHours: number;
}

/** "Tue 3 Mar: 41.0 h available, 47.5 h required (short 6.5 h)" */
export const shortfallStatusLine = (d: ShortfallStatus): string =>
  `${shortDay(d.date)}: ${oneDecimal(d.availableHours)} h available, ${oneDecimal(d.requiredHours)} h required (short ${oneDecimal(d.shortHours)} h)`;
