import { describe, expect, it } from 'vitest';
import type { TCoverageRules } from '../../../../shared/contracts/coverage';
import { formFrom, formProblem, minimumProblem, requestsOf, versionLines, weekdaysText } from './form';

const TODAY = '2026-11-29';
const saved: TCoverageRules = {
  weekdays: { monday: 40, saturday: 12.5 },
  validFrom: '2026-03-01',
  overrides: [{ date: '2026-12-24', hours: 0 }],
  versions: [
    { validFrom: '2026-03-01', weekdays: { monday: 40, saturday: 12.5 } },
    { validFrom: '2025-01-06', weekdays: {} },
  ],
  alertHorizonDays: 14,
};

describe('the Minimum hours form', () => {
  const form = formFrom(saved, TODAY);

  it('starts from what holds today, valid from today, blank where there is no minimum', () => {
    expect(form.weekdays).toEqual({ monday: '40', tuesday: '', wednesday: '', thursday: '', friday: '', saturday: '12.5', sunday: '' });
    expect(form.validFrom).toBe(TODAY);
    expect(form.overrides).toEqual([{ key: 0, date: '2026-12-24', hours: '0' }]);
    expect(form.alertHorizonDays).toBe('14');
  });

  it('sends nothing when nothing changed', () => {
    expect(requestsOf(form, saved, TODAY)).toEqual([]);
  });

  it('sends a version from Valid from with the weekdays that have a minimum, and the horizon with it', () => {
    const changed = {
      ...form,
      validFrom: '2027-01-04',
      weekdays: { ...form.weekdays, monday: '44', tuesday: '8.5' },
      alertHorizonDays: '7',
    };
    expect(requestsOf(changed, saved, TODAY)).toEqual([
      { validFrom: '2027-01-04', weekdays: { monday: 44, tuesday: 8.5, saturday: 12.5 }, alertHorizonDays: 7 },
    ]);
  });

  it('sends the overrides shown from today, in date order, whatever Valid from says', () => {
    const changed = {
      ...form,
      validFrom: '2027-01-04',
      overrides: [
        { key: 3, date: '2026-12-31', hours: '50' },
        { key: 0, date: '2026-12-24', hours: '0' },
      ],
    };
    expect(requestsOf(changed, saved, TODAY)).toEqual([
      {
        validFrom: TODAY,
        overrides: [
          { date: '2026-12-24', hours: 0 },
          { date: '2026-12-31', hours: 50 },
        ],
      },
    ]);
    expect(requestsOf({ ...form, overrides: [] }, saved, TODAY)).toEqual([{ validFrom: TODAY, overrides: [] }]);
  });

  it('names the first problem in words', () => {
    expect(minimumProblem('')).toBeNull();
    expect(minimumProblem('7.25')).toBe('Minimum hours go in steps of 0.1');
    expect(minimumProblem('-1')).toBe('Minimum hours must not be negative');
    expect(formProblem({ ...form, weekdays: { ...form.weekdays, friday: 'x' } }, TODAY)).toBe('Friday: Minimum hours must be a number');
    expect(formProblem({ ...form, overrides: [{ key: 1, date: '2026-12-01', hours: '' }] }, TODAY)).toBe(
      '1 Dec 2026: give the hours (0 for closed)',
    );
    expect(formProblem({ ...form, overrides: [{ key: 1, date: '2026-11-28', hours: '3' }] }, TODAY)).toBe(
      'Overrides are for today or later',
    );
    expect(
      formProblem(
        {
          ...form,
          overrides: [
            { key: 1, date: '2026-12-01', hours: '3' },
            { key: 2, date: '2026-12-01', hours: '4' },
          ],
        },
        TODAY,
      ),
    ).toBe('Each override date may appear once');
    expect(formProblem({ ...form, alertHorizonDays: '91' }, TODAY)).toBe('The alert horizon is a whole number of days from 1 to 90');
    expect(formProblem(form, TODAY)).toBeNull();
  });

  it('writes the history latest first', () => {
    expect(versionLines(saved.versions)).toEqual(['From 1 Mar 2026: Mon 40.0 h, Sat 12.5 h', 'From 6 Jan 2025: no minimums']);
    expect(weekdaysText({ sunday: 0 })).toBe('Sun 0.0 h');
  });
});
