import { describe, expect, it } from 'vitest';
import type { TForecastSite } from '../../../shared/contracts/coverage-forecast';
import { dayLabel, deviationLine, summarise, summaryText, windowLabel, windowStart } from './forecast-view';

const site = (over: Partial<TForecastSite>): TForecastSite => ({
  id: 1,
  name: 'HQ',
  availableHours: [14, 0, 14, 8, 14],
  requiredHours: [14, 14, 10, 14, 16],
  defaultHours: [14, 0, 14, 14, 14],
  holiday: [null, 'Founders Day', null, null, null],
  ifApprovedHours: [14, 0, 6, 0, 6],
  shortHours: [0, 14, 0, 6, 2],
  pendingRequests: 1,
  ...over,
});
const DATES = ['2030-03-11', '2030-03-12', '2030-03-13', '2030-03-14', '2030-03-15'];

describe('the Capacity window', () => {
  it('starts on this week’s Monday and moves eight weeks at a time', () => {
    expect(windowStart('2030-03-13', null, 0)).toBe('2030-03-11');
    expect(windowStart('2030-03-13', null, 1)).toBe('2030-05-06');
    expect(windowStart('2030-03-13', '2030-05-06', -1)).toBe('2030-03-11');
    expect(windowStart('2030-03-17', null, 0)).toBe('2030-03-11');
  });

  it('names days and windows', () => {
    expect(dayLabel('2030-03-12')).toBe('Tue 12 Mar');
    expect(dayLabel('2030-03-17')).toBe('Sun 17 Mar');
    expect(windowLabel('2030-03-11', '2030-05-05')).toBe('11 Mar – 5 May 2030');
    expect(windowLabel('2030-12-02', '2031-01-26')).toBe('2 Dec 2030 – 26 Jan 2031');
  });
});

describe('what a site’s days say', () => {
  it('short days, days short only if approved, holidays', () => {
    // Wed 13: 6 if approved against 10 needed; Fri 15 is short already, so it is not counted twice.
    expect(summarise(site({}))).toEqual({ shortDays: [1, 3, 4], shortIfApproved: [2], holidays: [1] });
  });

  it('as one caption sentence', () => {
    expect(summaryText(site({}), DATES)).toBe(
      '3 shortfall days: Tue 12 Mar (short 14.0 h), Thu 14 Mar (short 6.0 h), Fri 15 Mar (short 2.0 h). 1 more day short if every pending request were approved. 1 public holiday.',
    );
    expect(
      summaryText(
        site({ requiredHours: [null, null, null, null, null], shortHours: [0, 0, 0, 0, 0], holiday: [null, null, null, null, null] }),
        DATES,
      ),
    ).toBe('No shortfall days.');
  });
});

describe('the dashed line', () => {
  it('is drawn only where approving would change the hours, joined to the solid line either side', () => {
    expect(deviationLine([14, 0, 14, 8, 14, 0, 0, 14], [14, 0, 6, 0, 6, 0, 0, 14])).toEqual([null, 0, 6, 0, 6, 0, null, null]);
    expect(deviationLine([5, 5], [5, 5])).toEqual([null, null]);
    expect(deviationLine([5, 5], [4, 5])).toEqual([4, 5]);
  });
});
