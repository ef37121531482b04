/** The day view's audit trail as text (pure). */
import type { TDayChange } from '../../../../shared/contracts/calendar';
import { formatHours, MONTH_SHORT } from '../dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** "21 Nov 2026, 14:05" in the viewer's time zone. */
export function formatStamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getDate()} ${MONTH_SHORT[d.getMonth()]} ${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "Authorised by admin", "Last authorised by admin" for a day changed again since, or null if never signed off. */
export function authorisedLead(c: Pick<TDayChange, 'authorised' | 'authorisedBy' | 'authorisedAt'>): string | null {
  if (!c.authorisedAt) return null;
  return `${c.authorised ? 'Authorised' : 'Last authorised'}${c.authorisedBy ? ` by ${c.authorisedBy}` : ''}`;
}

/** The hours signed off against the hours now: "Authorised 45.6h · now 38.0h", or just "Now 38.0h". */
export function hoursLine(authorisedHours: number | null, nowHours: number): string {
  const now = `${formatHours(nowHours)}h`;
  return authorisedHours === null ? `Now ${now}` : `Authorised ${formatHours(authorisedHours)}h · now ${now}`;
}
