import { describe, expect, it } from 'vitest';
import { inRange, isComplete, pickDay, startPick } from './range';
import { rangeSummary } from './RangeField';

describe('range picking', () => {
  it('a first click sets both ends; the second sets the end; the third starts again', () => {
    let s = pickDay({ range: { from: '2027-03-01', to: '2027-03-01' }, awaitingEnd: false }, '2027-03-10');
    expect(s).toEqual({ range: { from: '2027-03-10', to: '2027-03-10' }, awaitingEnd: true });
    s = pickDay(s, '2027-03-12');
    expect(s).toEqual({ range: { from: '2027-03-10', to: '2027-03-12' }, awaitingEnd: false });
    s = pickDay(s, '2027-04-02');
    expect(s.range).toEqual({ from: '2027-04-02', to: '2027-04-02' });
  });

  it('a second click before the start swaps the ends', () => {
    const s = pickDay({ range: { from: '2027-03-10', to: '2027-03-10' }, awaitingEnd: true }, '2027-03-07');
    expect(s.range).toEqual({ from: '2027-03-07', to: '2027-03-10' });
  });

  it('the same day twice stays a single day and still waits for the end', () => {
    const s = pickDay({ range: { from: '2027-03-10', to: '2027-03-10' }, awaitingEnd: true }, '2027-03-10');
    expect(s).toEqual({ range: { from: '2027-03-10', to: '2027-03-10' }, awaitingEnd: true });
    expect(pickDay(s, '2027-03-12').range).toEqual({ from: '2027-03-10', to: '2027-03-12' });
  });

  it('completeness, membership and the summary', () => {
    expect(isComplete({ from: '2027-03-10' })).toBe(false);
    expect(inRange({ from: '2027-03-10', to: '2027-03-12' }, '2027-03-11')).toBe(true);
    expect(inRange({ from: '2027-03-10', to: '2027-03-12' }, '2027-03-13')).toBe(false);
    expect(rangeSummary({ from: '2027-03-10', to: '2027-03-10' })).toBe('Wed 10 Mar 2027 (Single day)');
    expect(rangeSummary({ from: '2027-03-10', to: '2027-04-02' })).toBe('Wed 10 Mar 2027 – Fri 2 Apr 2027');
    expect(rangeSummary({})).toBeNull();
  });
});

describe('the prefilled day (issue: day view on 25 Nov, Add Exception, click 27)', () => {
  it('a single prefilled day is the start: the next click ends the range there', () => {
    const opened = startPick({ from: '2026-11-25', to: '2026-11-25' });
    expect(opened.awaitingEnd).toBe(true);
    expect(pickDay(opened, '2026-11-27').range).toEqual({ from: '2026-11-25', to: '2026-11-27' });
    expect(pickDay(opened, '2026-11-23').range).toEqual({ from: '2026-11-23', to: '2026-11-25' });
  });

  it('a prefilled range of several days is replaced by the next click', () => {
    const opened = startPick({ from: '2026-11-25', to: '2026-11-27' });
    expect(opened.awaitingEnd).toBe(false);
    expect(pickDay(opened, '2026-11-30').range).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });
});
