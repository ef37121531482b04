import { describe, expect, it } from 'vitest';
import type { TBalanceRow } from '../../../shared/contracts/balances';
import { summaryText } from './time-off-summary';

const figures = { entitlement: 0, accrued: 0, carriedOver: 0, expired: 0, adjustments: 0 };
const row = (over: Partial<TBalanceRow>): TBalanceRow => ({
  employeeId: 1,
  employeeName: 'Ann',
  ...figures,
  taken: 0,
  booked: 0,
  pending: 0,
  remaining: 0,
  carryOverExpiresOn: null,
  days: null,
  ...over,
});

describe('summaryText', () => {
  it('a days policy: days left first, the hours beneath, booked and waiting in both', () => {
    const r = row({
      remaining: 116,
      taken: 16,
      booked: 8,
      pending: 4,
      days: { dayHours: 8, ...figures, taken: 2, booked: 1, pending: 0.5, remaining: 14.5 },
    });
    expect(summaryText('days', r, '2027-01-01', '2027-12-31')).toEqual({
      headline: '14.5 days left',
      hoursBeneath: '116.0 h',
      over: false,
      booked: '3 days (24.0 h)',
      pending: '0.5 days (4.0 h)',
      year: 'Leave year 1 Jan – 31 Dec 2027',
    });
  });

  it('an hours policy: hours only', () => {
    const r = row({ remaining: 37.5, taken: 7.5, booked: 0, pending: 0 });
    expect(summaryText('hours', r, '2027-04-01', '2028-03-31')).toEqual({
      headline: '37.5 h left',
      hoursBeneath: null,
      over: false,
      booked: '7.5 h',
      pending: '0.0 h',
      year: 'Leave year 1 Apr 2027 – 31 Mar 2028',
    });
  });

  it('one day left is "1 day"; below zero it says over, in words', () => {
    const one = row({ remaining: 8, days: { dayHours: 8, ...figures, taken: 0, booked: 0, pending: 0, remaining: 1 } });
    expect(summaryText('days', one, '2027-01-01', '2027-12-31').headline).toBe('1 day left');
    const over = row({ remaining: -12, days: { dayHours: 8, ...figures, taken: 0, booked: 0, pending: 0, remaining: -1.5 } });
    expect(summaryText('days', over, '2027-01-01', '2027-12-31')).toMatchObject({
      headline: '1.5 days over your allowance',
      hoursBeneath: '-12.0 h',
      over: true,
    });
  });
});
