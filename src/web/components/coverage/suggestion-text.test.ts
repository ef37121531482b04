import { describe, expect, it } from 'vitest';
import { effectLine, movedLine, rangeLabel, shiftLabel, suggestionLine } from './suggestion-text';

describe('rangeLabel', () => {
  it('says one day alone, a month once, two months each, and years when they differ', () => {
    expect(rangeLabel('2026-03-09', '2026-03-09')).toBe('Mon 9 Mar');
    expect(rangeLabel('2026-03-09', '2026-03-10')).toBe('Mon 9 – Tue 10 Mar');
    expect(rangeLabel('2026-03-30', '2026-04-01')).toBe('Mon 30 Mar – Wed 1 Apr');
    expect(rangeLabel('2026-12-30', '2027-01-01')).toBe('Wed 30 Dec 2026 – Fri 1 Jan 2027');
  });
});

describe('shiftLabel', () => {
  it('counts days earlier and later', () => {
    expect(shiftLabel(-1)).toBe('1 day earlier');
    expect(shiftLabel(-7)).toBe('7 days earlier');
    expect(shiftLabel(1)).toBe('1 day later');
    expect(shiftLabel(3)).toBe('3 days later');
  });
});

describe('suggestionLine', () => {
  it('names the range, the shift and the lowest margin', () => {
    const effect = [
      { date: '2026-03-09', requiredHours: 40, availableAfter: 40 },
      { date: '2026-03-10', requiredHours: 40, availableAfter: 44.5 },
    ];
    expect(suggestionLine({ startDate: '2026-03-09', endDate: '2026-03-10', shiftDays: -1, lowestMarginHours: 0, effect })).toBe(
      'Mon 9 – Tue 10 Mar (1 day earlier): every day covered, lowest margin 0.0 h',
    );
    expect(suggestionLine({ startDate: '2026-03-14', endDate: '2026-03-14', shiftDays: 4, lowestMarginHours: null, effect: [] })).toBe(
      'Sat 14 Mar (4 days later): every day covered, no minimum on these days',
    );
  });
});

describe('effectLine', () => {
  it('gives the hours left and the minimum, in one decimal', () => {
    expect(effectLine({ date: '2026-03-09', requiredHours: 40, availableAfter: 42 })).toBe('Mon 9 Mar: 42.0 h, minimum 40.0 h');
    expect(effectLine({ date: '2026-03-14', requiredHours: null, availableAfter: 12.25 })).toBe('Sat 14 Mar: 12.3 h, no minimum');
  });
});

describe('movedLine', () => {
  it('says where the dates went', () => {
    expect(movedLine('2026-03-09', '2026-03-10')).toBe('Dates moved to Mon 9 – Tue 10 Mar. Every day is covered.');
  });
});
