import { describe, expect, it } from 'vitest';
import { quickRange } from './ranges';

// Thursday 26 November 2026, local noon.
const TODAY = new Date(2026, 10, 26, 12);

describe('quickRange', () => {
  it.each([
    ['Last Month', '2026-10-01', '2026-10-31'],
    ['This Month', '2026-11-01', '2026-11-30'],
    ['Next Month', '2026-12-01', '2026-12-31'],
    ['Last 30 Days', '2026-10-28', '2026-11-26'],
    ['Last 90 Days', '2026-08-29', '2026-11-26'],
    ['Next Week', '2026-11-30', '2026-12-06'],
  ] as const)('%s', (name, startDate, endDate) => {
    expect(quickRange(name, TODAY)).toEqual({ startDate, endDate });
  });

  it('takes the previous year’s December in January', () => {
    expect(quickRange('Last Month', new Date(2027, 0, 15))).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });
});
