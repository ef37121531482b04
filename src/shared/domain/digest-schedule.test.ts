import { describe, expect, it } from 'vitest';
import { decideSlot, latestSlot, nextSlot, type DigestSchedule } from './digest-schedule';

const sydney: DigestSchedule = {
  digestFrequency: 'daily',
  sendTime: '08:00',
  userTimezone: 'Australia/Sydney',
  weeklyDay: 1,
  monthlyDate: 1,
};
const at = (iso: string) => new Date(iso);

describe('daily 08:00 Australia/Sydney across daylight-saving changes (expected instants written by hand)', () => {
  it('DST ends on Sunday 5 April 2026: AEDT (+11) on the 4th, AEST (+10) on the 5th', () => {
    expect(latestSlot(sydney, at('2026-04-03T21:00:00Z'))?.toISOString()).toBe('2026-04-03T21:00:00.000Z');
    expect(latestSlot(sydney, at('2026-04-03T20:59:59Z'))?.toISOString()).toBe('2026-04-02T21:00:00.000Z');
    expect(nextSlot(sydney, at('2026-04-03T21:00:00Z'))?.toISOString()).toBe('2026-04-04T22:00:00.000Z');
    expect(latestSlot(sydney, at('2026-04-04T22:04:00Z'))?.toISOString()).toBe('2026-04-04T22:00:00.000Z');
  });

  it('DST starts on Sunday 4 October 2026: AEST (+10) on the 3rd, AEDT (+11) on the 4th', () => {
    expect(nextSlot(sydney, at('2026-10-02T12:00:00Z'))?.toISOString()).toBe('2026-10-02T22:00:00.000Z');
    expect(nextSlot(sydney, at('2026-10-02T22:00:00Z'))?.toISOString()).toBe('2026-10-03T21:00:00.000Z');
    expect(latestSlot(sydney, at('2026-10-03T21:30:00Z'))?.toISOString()).toBe('2026-10-03T21:00:00.000Z');
  });
});

describe('weekly and monthly slots', () => {
  it('weekly on Monday (1) at 09:30 Europe/London', () => {
    const s: DigestSchedule = { ...sydney, digestFrequency: 'weekly', weeklyDay: 1, sendTime: '09:30', userTimezone: 'Europe/London' };
    // Wednesday 25 November 2026: the last Monday was the 23rd, the next is the 30th (GMT, +0).
    expect(latestSlot(s, at('2026-11-25T12:00:00Z'))?.toISOString()).toBe('2026-11-23T09:30:00.000Z');
    expect(nextSlot(s, at('2026-11-25T12:00:00Z'))?.toISOString()).toBe('2026-11-30T09:30:00.000Z');
    // Sunday is 7: Sunday 29 November 2026.
    expect(nextSlot({ ...s, weeklyDay: 7 }, at('2026-11-25T12:00:00Z'))?.toISOString()).toBe('2026-11-29T09:30:00.000Z');
  });

  it('monthly on the 28th at 17:00 America/New_York, EST then EDT', () => {
    const s: DigestSchedule = {
      ...sydney,
      digestFrequency: 'monthly',
      monthlyDate: 28,
      sendTime: '17:00',
      userTimezone: 'America/New_York',
    };
    expect(latestSlot(s, at('2026-03-10T00:00:00Z'))?.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(nextSlot(s, at('2026-03-10T00:00:00Z'))?.toISOString()).toBe('2026-03-28T21:00:00.000Z');
  });

  it('a local day ahead of UTC counts: 00:30 in Auckland on the 1st is the previous UTC day', () => {
    const s: DigestSchedule = {
      ...sydney,
      digestFrequency: 'monthly',
      monthlyDate: 1,
      sendTime: '00:30',
      userTimezone: 'Pacific/Auckland',
    };
    // 1 December 2026 is NZDT (+13): 00:30 local is 30 November 11:30 UTC.
    expect(nextSlot(s, at('2026-11-25T00:00:00Z'))?.toISOString()).toBe('2026-11-30T11:30:00.000Z');
  });
});

describe('decideSlot', () => {
  const since = at('2026-01-01T00:00:00Z');
  it('sends the latest slot once, within the catch-up window', () => {
    expect(decideSlot(sydney, at('2026-04-03T21:01:00Z'), { lastSentAt: null, activeSince: since })).toEqual({
      action: 'send',
      slot: at('2026-04-03T21:00:00Z'),
    });
    expect(decideSlot(sydney, at('2026-04-03T21:02:00Z'), { lastSentAt: at('2026-04-03T21:01:00Z'), activeSince: since })).toEqual({
      action: 'none',
    });
  });
  it('sends a missed slot under 6 hours old and skips one over 6 hours old', () => {
    expect(decideSlot(sydney, at('2026-04-04T02:59:00Z'), { lastSentAt: null, activeSince: since }).action).toBe('send');
    expect(decideSlot(sydney, at('2026-04-04T03:00:01Z'), { lastSentAt: null, activeSince: since })).toEqual({
      action: 'skip',
      slot: at('2026-04-03T21:00:00Z'),
    });
  });
  it('owes nothing for a slot before the notification was set up', () => {
    expect(decideSlot(sydney, at('2026-04-03T21:10:00Z'), { lastSentAt: null, activeSince: at('2026-04-03T21:05:00Z') })).toEqual({
      action: 'none',
    });
  });
});
