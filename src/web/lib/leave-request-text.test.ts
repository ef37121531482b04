import { describe, expect, it } from 'vitest';
import { amountLabel, eventLabel, hoursText, spanLabel, statusLabel, statusTone } from './leave-request-text';

const base = { status: 'pending' as const, cancellationPending: false, approvalsNeeded: 1, approvalsGiven: 0 };

describe('statusLabel and statusTone', () => {
  it('names every status in words', () => {
    expect(statusLabel(base)).toBe('Pending');
    expect(statusLabel({ ...base, approvalsNeeded: 2, approvalsGiven: 1 })).toBe('Pending (1 of 2 approvals)');
    expect(statusLabel({ ...base, status: 'approved' })).toBe('Approved');
    expect(statusLabel({ ...base, status: 'approved', cancellationPending: true })).toBe('Cancellation pending');
    expect(statusLabel({ ...base, status: 'declined' })).toBe('Declined');
    expect(statusLabel({ ...base, status: 'cancelled' })).toBe('Cancelled');
  });
  it('gives each a tone besides its words', () => {
    expect(statusTone(base)).toBe('amber');
    expect(statusTone({ ...base, status: 'approved' })).toBe('green');
    expect(statusTone({ ...base, status: 'approved', cancellationPending: true })).toBe('amber');
    expect(statusTone({ ...base, status: 'declined' })).toBe('red');
    expect(statusTone({ ...base, status: 'cancelled' })).toBe('neutral');
  });
});

describe('spans and hours', () => {
  it('writes one day once and a span with a dash, each month and year once (decision 114)', () => {
    expect(spanLabel({ startDate: '2026-03-03', endDate: '2026-03-03' })).toBe('Tue 3 Mar 2026');
    expect(spanLabel({ startDate: '2026-12-14', endDate: '2026-12-15' })).toBe('Mon 14 – Tue 15 Dec 2026');
    expect(spanLabel({ startDate: '2026-12-31', endDate: '2027-01-02' })).toBe('Thu 31 Dec 2026 – Sat 2 Jan 2027');
  });
  it('always writes one decimal (decision 114)', () => {
    expect(hoursText(16)).toBe('16.0');
    expect(hoursText(7.25)).toBe('7.3');
    expect(hoursText(0.1 + 0.2)).toBe('0.3');
  });
  it('says full days or hours a day, and the total', () => {
    expect(amountLabel({ isFullDay: true, hours: null, totalHours: 15.2 })).toBe('Full days, 15.2 hours in all');
    expect(amountLabel({ isFullDay: false, hours: 3, totalHours: 6 })).toBe('3.0 hours a day, 6.0 hours in all');
    expect(amountLabel({ isFullDay: false, hours: 1, totalHours: 1 })).toBe('1.0 hour a day, 1.0 hour in all');
  });
});

describe('eventLabel', () => {
  it('names the step, who and when, in the given zone', () => {
    expect(eventLabel({ action: 'approved', actorName: 'Alice Admin', at: '2026-03-03T14:05:00Z' }, 'UTC')).toBe(
      'Approved by Alice Admin on 3 Mar 2026, 14:05',
    );
    expect(eventLabel({ action: 'cancellation-requested', actorName: 'Sam', at: '2026-03-03T23:30:00Z' }, 'Europe/Berlin')).toBe(
      'Cancellation asked for by Sam on 4 Mar 2026, 00:30',
    );
  });
});
