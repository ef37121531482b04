import type { TForecastSite } from '../../../shared/contracts/coverage-forecast';
import { shortDay } from '../../../shared/domain/coverage-messages';
import { addDaysStr, startOfWeekStr } from '../../../shared/domain/dates';
import { MONTH_SHORT } from '../../lib/day-label';

/** Pure helpers of the Capacity screen (decision 100): the window, the day labels, and what a site's days say. */

export const WEEKS_SHOWN = 8;

/** The Monday of the window a first day and a move of whole windows give: Today is this week's Monday. */
export const windowStart = (today: string, from: string | null, move: number): string =>
  addDaysStr(from ?? startOfWeekStr(today), move * WEEKS_SHOWN * 7);

/** "Tue 12 Mar": the table's and the summary's day, the coverage messages' own words. */
export const dayLabel = shortDay;

/** "11 Mar – 5 May 2030": the window as the header names it. */
export function windowLabel(from: string, to: string): string {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const start = fy === ty ? `${fd} ${MONTH_SHORT[fm - 1]}` : `${fd} ${MONTH_SHORT[fm - 1]} ${fy}`;
  return `${start} – ${td} ${MONTH_SHORT[tm - 1]} ${ty}`;
}

export const hours = (h: number): string => `${h.toFixed(1)} h`;

/** The days a site is short, and the days where approving every pending request would leave it short. */
export interface SiteSummary {
  shortDays: number[];
  shortIfApproved: number[];
  holidays: number[];
}

export function summarise(site: TForecastSite): SiteSummary {
  const out: SiteSummary = { shortDays: [], shortIfApproved: [], holidays: [] };
  site.availableHours.forEach((_, i) => {
    if (site.shortHours[i] > 0) out.shortDays.push(i);
    const required = site.requiredHours[i];
    if (required !== null && Math.round(site.ifApprovedHours[i] * 10) < Math.round(required * 10) && site.shortHours[i] === 0)
      out.shortIfApproved.push(i);
    if (site.holiday[i] !== null) out.holidays.push(i);
  });
  return out;
}

/** One sentence for the chart's caption: what a sighted reader takes from the markers. */
export function summaryText(site: TForecastSite, dates: readonly string[]): string {
  const s = summarise(site);
  const parts: string[] = [];
  if (s.shortDays.length === 0) parts.push('No shortfall days.');
  else {
    const listed = s.shortDays.slice(0, 5).map((i) => `${dayLabel(dates[i])} (short ${hours(site.shortHours[i])})`);
    const more = s.shortDays.length > 5 ? `, and ${s.shortDays.length - 5} more` : '';
    parts.push(`${s.shortDays.length} shortfall ${s.shortDays.length === 1 ? 'day' : 'days'}: ${listed.join(', ')}${more}.`);
  }
  if (s.shortIfApproved.length > 0)
    parts.push(
      `${s.shortIfApproved.length} more ${s.shortIfApproved.length === 1 ? 'day' : 'days'} short if every pending request were approved.`,
    );
  if (s.holidays.length > 0) parts.push(`${s.holidays.length} public ${s.holidays.length === 1 ? 'holiday' : 'holidays'}.`);
  return parts.join(' ');
}

/**
 * The "if approved" line as drawn: only where it leaves the available line, with the day either side so each
 * stretch joins the solid line; elsewhere null, so the dashes never hide the solid line they would lie on.
 */
export function deviationLine(available: readonly number[], ifApproved: readonly number[]): Array<number | null> {
  const differs = (i: number) => i >= 0 && i < available.length && Math.round(available[i] * 10) !== Math.round(ifApproved[i] * 10);
  return ifApproved.map((h, i) => (differs(i - 1) || differs(i) || differs(i + 1) ? h : null));
}
