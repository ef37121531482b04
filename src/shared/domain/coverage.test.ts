import { describe, expect, it } from 'vitest';
import { requiredHours, shortBy, suggestRanges, worsenedDays, type CoverageRules } from './coverage';
import { shortfallLine, shortfallMessage, shortLabel } from './coverage-messages';

// 2026-03-02 is a Monday; 2026-03-03 a Tuesday.
const rules: CoverageRules = {
  versions: [
    { validFrom: '2026-03-09', weekdays: { monday: 30, tuesday: 30 } },
    { validFrom: '2026-01-01', weekdays: { monday: 40, tuesday: 47.5, wednesday: 40, thursday: 40, friday: 40 } },
  ],
  overrides: { '2026-03-04': 0, '2026-03-10': 60 },
};

describe('requiredHours', () => {
  it('reads the weekday of the version holding that day', () => {
    expect(requiredHours(rules, '2026-03-02')).toBe(40);
    expect(requiredHours(rules, '2026-03-03')).toBe(47.5);
    expect(requiredHours(rules, '2026-03-09')).toBe(30);
  });
  it('a weekday the version leaves out has no minimum, nor a day before the first version', () => {
    expect(requiredHours(rules, '2026-03-07')).toBeNull(); // Saturday
    expect(requiredHours(rules, '2026-03-11')).toBeNull(); // Wednesday, left out by the March version
    expect(requiredHours(rules, '2025-12-31')).toBeNull();
  });
  it('an override beats every version, a closed day too', () => {
    expect(requiredHours(rules, '2026-03-04')).toBe(0);
    expect(requiredHours(rules, '2026-03-10')).toBe(60);
  });
});

describe('shortBy', () => {
  it('counts in tenths', () => {
    expect(shortBy(41, 47.5)).toBe(6.5);
    expect(shortBy(40.00000001, 40)).toBe(0);
    expect(shortBy(39.96, 40)).toBe(0); // shows as 40.0
    expect(shortBy(0, null)).toBe(0);
  });
});

describe('worsenedDays', () => {
  it('names days a change pushes under, or deeper under, the minimum', () => {
    const before = new Map([
      ['2026-03-02', 48],
      ['2026-03-03', 45],
      ['2026-03-04', 10],
      ['2026-03-05', 39],
    ]);
    const after = new Map([
      ['2026-03-02', 40], // at the minimum: covered
      ['2026-03-03', 41], // already short, deeper
      ['2026-03-04', 2], // closed day, no shortfall
      ['2026-03-05', 39], // short but untouched
    ]);
    expect(worsenedDays(before, after, rules)).toEqual([
      { date: '2026-03-03', requiredHours: 47.5, availableBefore: 45, availableAfter: 41, shortHours: 6.5 },
    ]);
  });
  it('the words', () => {
    const d = { date: '2026-03-03', requiredHours: 47.5, availableBefore: 45, availableAfter: 41, shortHours: 6.5 };
    expect(shortfallLine(d)).toBe('Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum');
    expect(shortLabel(6.5)).toBe('Short 6.5 h');
    expect(shortfallMessage([d, d, d, d])).toBe(
      'This change leaves the site short: Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum; Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum (and 2 more days). Confirm with a reason to save it anyway.',
    );
  });
});

describe('suggestRanges', () => {
  // A fortnight from Mon 2 Feb: 48 h every weekday, 0 at weekends; the employee gives 8 h a weekday.
  const baseline = new Map<string, number>();
  for (let d = 1; d <= 28; d++) {
    const date = `2026-02-${String(d).padStart(2, '0')}`;
    const weekday = (d + 5) % 7; // 1 Feb 2026 is a Sunday: 0 = Monday
    baseline.set(date, weekday < 5 ? 48 : 0);
  }
  baseline.set('2026-02-11', 44); // Wed 11 Feb: someone else away, 4 h less
  const takes = (date: string) => ((baseline.get(date) ?? 0) > 0 ? 8 : 0);
  const feb: CoverageRules = {
    versions: [{ validFrom: '2026-01-01', weekdays: { monday: 40, tuesday: 40, wednesday: 40, thursday: 40, friday: 40 } }],
    overrides: {},
  };

  it('answers the nearest two-day ranges that keep every day covered, later first at each distance', () => {
    // Asked Tue 10 – Wed 11: Wed 11 would drop to 36 h.
    const got = suggestRanges({ startDate: '2026-02-10', endDate: '2026-02-11', baseline, takes, rules: feb, maxShift: 10, limit: 3 });
    // +1 (11–12): 11 is short. -1 = Mon 9 – Tue 10 fits; +2 = Thu 12 – Fri 13 fits; -2 = Sun 8 – Mon 9 and
    // +3 = Fri 13 – Sat 14 begin or end on a day off; -3 = Sat 7 – Sun 8 too; +4 = Sat 14 – Sun 15 too;
    // -4 = Fri 6 – Sat 7 too; +5 = Sun 15 – Mon 16 too; -5 = Thu 5 – Fri 6 fits.
    expect(got.map((r) => [r.startDate, r.endDate, r.shiftDays, r.lowestMarginHours])).toEqual([
      ['2026-02-09', '2026-02-10', -1, 0],
      ['2026-02-12', '2026-02-13', 2, 0],
      ['2026-02-05', '2026-02-06', -5, 0],
    ]);
  });
  it('never before notBefore, nor outside the days it knows', () => {
    const got = suggestRanges({
      startDate: '2026-02-10',
      endDate: '2026-02-11',
      baseline,
      takes,
      rules: feb,
      notBefore: '2026-02-10',
      maxShift: 3,
      limit: 3,
    });
    // +2 = Thu 12 – Fri 13; +3 = Fri 13 – Sat 14 ends on a day off.
    expect(got.map((r) => r.startDate)).toEqual(['2026-02-12']);
  });
});

describe('public holidays', () => {
  it('have no minimum unless an override names one', () => {
    expect(requiredHours(rules, '2026-03-02', true)).toBeNull();
    expect(requiredHours(rules, '2026-03-04', true)).toBe(0);
    expect(requiredHours(rules, '2026-03-10', true)).toBe(60);
  });
  it('are never a worsened day by weekday minimum', () => {
    const before = new Map([['2026-03-02', 8]]);
    const after = new Map([['2026-03-02', 0]]);
    expect(worsenedDays(before, after, rules, new Set(['2026-03-02']))).toEqual([]);
    expect(worsenedDays(before, after, rules)).toHaveLength(1);
  });
});
