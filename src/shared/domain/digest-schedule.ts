/**
 * When a saved notification is due (spec 02 §3, §9). Pure: "now" is an argument.
 *
 * A slot is the instant at which a notification's send time falls on a matching local day in its IANA
 * time zone: every day (daily), the ISO weekday Monday=1..Sunday=7 (weekly) or the day of the month
 * 1..28 (monthly). A send time that does not exist on a day (inside a daylight-saving gap) is moved
 * forward by the gap, as the zone rules do.
 */
import { TZDate } from '@date-fns/tz';

export interface DigestSchedule {
  digestFrequency: 'daily' | 'weekly' | 'monthly';
  /** HH:MM */
  sendTime: string;
  userTimezone: string;
  weeklyDay: number;
  monthlyDate: number;
}

/** A slot found later than this after its time is skipped, not sent (the app was down too long). */
export const CATCH_UP_LIMIT_MS = 6 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local calendar day of `now` in `zone`, as a UTC-midnight Date used only for day arithmetic. */
function localDay(now: Date, zone: string): Date {
  const z = new TZDate(now.getTime(), zone);
  return new Date(Date.UTC(z.getFullYear(), z.getMonth(), z.getDate()));
}

function matches(s: DigestSchedule, day: Date): boolean {
  if (s.digestFrequency === 'daily') return true;
  if (s.digestFrequency === 'weekly') return (day.getUTCDay() || 7) === s.weeklyDay;
  return day.getUTCDate() === s.monthlyDate;
}

/** The instant of `s.sendTime` on local `day` in the schedule's zone. */
export function slotOn(s: DigestSchedule, day: Date): Date {
  const [h, m] = s.sendTime.split(':').map(Number);
  const t = new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m, 0, 0, s.userTimezone);
  return new Date(t.getTime());
}

/** The latest slot at or before `now`, or null (none in the last 62 days cannot happen for these rules). */
export function latestSlot(s: DigestSchedule, now: Date): Date | null {
  const today = localDay(now, s.userTimezone);
  for (let i = 0; i <= 62; i++) {
    const day = new Date(today.getTime() - i * DAY_MS);
    if (!matches(s, day)) continue;
    const slot = slotOn(s, day);
    if (slot.getTime() <= now.getTime()) return slot;
  }
  return null;
}

/** The first slot after `now`: shown in the list as the next send. */
export function nextSlot(s: DigestSchedule, now: Date): Date | null {
  const today = localDay(now, s.userTimezone);
  for (let i = -1; i <= 62; i++) {
    const day = new Date(today.getTime() + i * DAY_MS);
    if (!matches(s, day)) continue;
    const slot = slotOn(s, day);
    if (slot.getTime() > now.getTime()) return slot;
  }
  return null;
}

export type SlotDecision = { action: 'none' } | { action: 'send'; slot: Date } | { action: 'skip'; slot: Date };

/**
 * What to do about a notification at `now`: send its latest slot, skip it (over 6 hours late), or
 * nothing (no slot since it was set up or last changed, or already sent).
 */
export function decideSlot(s: DigestSchedule, now: Date, state: { lastSentAt: Date | null; activeSince: Date }): SlotDecision {
  const slot = latestSlot(s, now);
  if (!slot) return { action: 'none' };
  // A slot before the notification existed (or before its schedule last changed) was never owed.
  if (slot.getTime() < state.activeSince.getTime()) return { action: 'none' };
  if (state.lastSentAt && state.lastSentAt.getTime() >= slot.getTime()) return { action: 'none' };
  if (now.getTime() - slot.getTime() > CATCH_UP_LIMIT_MS) return { action: 'skip', slot };
  return { action: 'send', slot };
}
