import { describe, expect, it } from 'vitest';
import { approveInAppMessage } from '../../../shared/domain/coverage-messages';
import { parseCoverageRules } from './rules';

/** The rules as a write reads them beside its engine input (decision 097), against hand-written texts. */
describe('parseCoverageRules', () => {
  it('a site without rules, or with a version naming no weekday, is null: the write skips the check', () => {
    expect(parseCoverageRules('[null, null]')).toBeNull();
    expect(parseCoverageRules('[[["2030-03-01", null, null, null, null, null, null, null]], null]')).toBeNull();
  });

  it('reads versions Monday to Sunday and the overrides of the days', () => {
    expect(
      parseCoverageRules(
        '[[["2030-03-01", 40, null, 32.5, null, null, 0, null], ["2030-04-01", 41, null, null, null, null, null, null]], [["2030-03-19", 0]]]',
      ),
    ).toEqual({
      versions: [
        { validFrom: '2030-03-01', weekdays: { monday: 40, wednesday: 32.5, saturday: 0 } },
        { validFrom: '2030-04-01', weekdays: { monday: 41 } },
      ],
      overrides: { '2030-03-19': 0 },
    });
    expect(parseCoverageRules('[null, [["2030-03-19", 12.5]]]')).toEqual({ versions: [], overrides: { '2030-03-19': 12.5 } });
  });
});

describe('approveInAppMessage', () => {
  it('tells a mailed link’s approver to approve in the app, naming two days and counting the rest', () => {
    const day = (date: string) => ({ date, requiredHours: 47.5, availableBefore: 49, availableAfter: 41, shortHours: 6.5 });
    expect(approveInAppMessage([day('2026-03-03'), day('2026-03-04'), day('2026-03-05')])).toBe(
      'Approving this request leaves the site short: Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum; Wed 4 Mar drops to 41.0 h, 6.5 h under the minimum (and 1 more day). Open Hoursight to approve it with a reason.',
    );
  });
});
