import type { AuthStatus, DayKind, ReportException } from './types';

/** Labels and number formats shared by the HTML, PDF, CSV and plain-text renderings. */

export const hoursText = (h: number) => h.toFixed(1);
export const signedHours = (h: number) => (h > 0 ? `+${h.toFixed(1)}` : h.toFixed(1));
/** The Required and Shortfall cells (decision 099): blank on a day without a minimum. */
export const minimumText = (h: number | null) => (h === null ? '' : hoursText(h));

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const weekdayName = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

export const dayKindLabel = (kind: DayKind, holidayName: string | null) =>
  kind === 'holiday'
    ? `Holiday: ${holidayName ?? ''}`.trim()
    : kind === 'weekend'
      ? 'Weekend'
      : kind === 'working-weekend'
        ? 'Working weekend'
        : 'Working day';

/**
 * `authorisedHours`: the hours signed off, when a later change of history moved the day's hours since. They come
 * right after "Authorised", before the name and time, so they are read first however the label wraps.
 */
export function statusLabel(status: AuthStatus, by: string | null, at: Date | null, authorisedHours: number | null = null): string {
  if (status === 'unchanged') return 'No changes';
  if (status === 'awaiting') return 'Awaiting authorisation';
  const hours = authorisedHours === null ? '' : ` ${hoursText(authorisedHours)} h`;
  return `Authorised${hours}${by ? ` by ${by}` : ''}${at ? ` ${timestamp(at)}` : ''}`;
}

/** UTC, minutes: sites carry no time zone yet. */
export const timestamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const spanText = (x: Pick<ReportException, 'startDate' | 'endDate'>) =>
  x.startDate === x.endDate ? x.startDate : `${x.startDate} – ${x.endDate}`;

export function amountText(x: Pick<ReportException, 'isFullDay' | 'hours'>): string {
  if (x.isFullDay) return x.hours === null ? 'Full day' : `Full day (${hoursText(x.hours)} h)`;
  return `${hoursText(x.hours ?? 0)} h`;
}

/** Hours a row moves: negative away, positive extra. */
export const effectText = (t: { hoursAway: number; hoursExtra: number }) =>
  [t.hoursAway ? `-${hoursText(t.hoursAway)}` : '', t.hoursExtra ? `+${hoursText(t.hoursExtra)}` : ''].filter(Boolean).join(' / ') || '0.0';

/** `1 exception`, `2 exceptions`. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
