import { describe, expect, it } from 'vitest';
import type { TBalancePreview } from '../../../shared/contracts/balances';
import { balanceAfterLine } from './balance-after-text';

const preview = (over: Partial<TBalancePreview> = {}): TBalancePreview => ({
  year: 2030,
  yearStart: '2030-01-01',
  yearEnd: '2030-12-31',
  currentYear: true,
  unit: 'hours',
  counts: true,
  takes: 16,
  remaining: 189,
  remainingIfApproved: 173,
  otherPending: 0,
  days: null,
  ...over,
});

describe('balanceAfterLine', () => {
  it("says the server's remaining if approved, never the browser's subtraction", () => {
    // The server says 181 although 189 − 16 would be 173: its figure is the one shown.
    expect(balanceAfterLine(preview({ takes: 16, remainingIfApproved: 181 }), null, '2030-06-04')).toEqual({
      over: false,
      text: 'After this request: 181.0 h left this leave year.',
    });
  });

  it('names the other requests still waiting and, for a days policy, the days', () => {
    const p = preview({ otherPending: 8, days: { dayHours: 8, takes: 2, remaining: 23.6, remainingIfApproved: 21.6, otherPending: 1 } });
    expect(balanceAfterLine(p, 16, '2030-06-04').text).toBe(
      'After this request: 173.0 h left this leave year (21.6 days; 8.0 h of other requests still waiting).',
    );
  });

  it('says why the allowance loses less than the working hours', () => {
    const taken = preview({ takes: 8, remainingIfApproved: 181 });
    expect(balanceAfterLine(taken, 16, '2030-06-04').text).toBe(
      'After this request: 181.0 h left this leave year. Of its 16.0 working hours, 8.0 h come off the allowance: absences already on those days take the rest.',
    );
    expect(balanceAfterLine(taken, 16, '2031-01-03').text).toBe(
      'After this request: 181.0 h left this leave year. Of its 16.0 working hours, 8.0 h come off the allowance: the rest falls in the next leave year.',
    );
  });

  it('warns below zero in words', () => {
    const p = preview({
      remaining: 10,
      takes: 16,
      remainingIfApproved: -6,
      days: { dayHours: 8, takes: 2, remaining: 1.3, remainingIfApproved: -0.8, otherPending: 0 },
    });
    expect(balanceAfterLine(p, 16, '2030-06-04')).toEqual({
      over: true,
      text: 'Over the allowance: after this request 6.0 h more than the 10.0 h left this leave year (0.8 days over).',
    });
  });
});
