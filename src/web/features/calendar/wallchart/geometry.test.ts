import { describe, expect, it } from 'vitest';
import { barBox, dayAt, dayLeft, dayNear, daysOf, rowOffsets, scrollToShow, spanBetween } from './geometry';

// Sizes as drawn: names 200 px wide (112 on phones), days 56 px, employee rows 36 px, team rows 32 px.
describe('days and x', () => {
  it('puts each day 56 px right of the one before, after the names', () => {
    expect(dayLeft(0, 200)).toBe(200);
    expect(dayLeft(1, 200)).toBe(256);
    expect(dayLeft(30, 112)).toBe(1792);
  });

  it('finds the day under a point, none over the names or past the last day', () => {
    expect(dayAt(199, 200, 31)).toBeNull();
    expect(dayAt(200, 200, 31)).toBe(0);
    expect(dayAt(255, 200, 31)).toBe(0);
    expect(dayAt(256, 200, 31)).toBe(1);
    expect(dayAt(1935, 200, 31)).toBe(30);
    expect(dayAt(1936, 200, 31)).toBeNull();
    expect(dayAt(1800, 200, 28)).toBeNull();
  });

  it('holds a selection dragged past either end to the first or last day', () => {
    expect(dayNear(20, 200, 30)).toBe(0);
    expect(dayNear(400, 200, 30)).toBe(3);
    expect(dayNear(5000, 200, 30)).toBe(29);
  });

  it('orders a selection made leftwards', () => {
    expect(spanBetween(7, 3)).toEqual({ from: 3, to: 7 });
    expect(spanBetween(3, 3)).toEqual({ from: 3, to: 3 });
  });
});

describe('spans over the shown days', () => {
  const march = Array.from({ length: 31 }, (_, i) => `2031-03-${String(i + 1).padStart(2, '0')}`);

  it('clips a span to the month', () => {
    expect(daysOf({ startDate: '2031-03-04', endDate: '2031-03-06' }, march)).toEqual({ from: 3, to: 5 });
    expect(daysOf({ startDate: '2031-02-20', endDate: '2031-03-02' }, march)).toEqual({ from: 0, to: 1 });
    expect(daysOf({ startDate: '2031-03-30', endDate: '2031-04-09' }, march)).toEqual({ from: 29, to: 30 });
    expect(daysOf({ startDate: '2031-04-01', endDate: '2031-04-02' }, march)).toBeNull();
    expect(daysOf({ startDate: '2031-03-01', endDate: '2031-03-01' }, [])).toBeNull();
  });

  it('draws a bar 2 px inside its days, lanes sharing the row', () => {
    expect(barBox({ from: 2, to: 4 }, 0, 1, 200)).toEqual({ left: 314, width: 164, top: 3, height: 29 });
    expect(barBox({ from: 0, to: 0 }, 1, 2, 112)).toEqual({ left: 114, width: 52, top: 18, height: 14 });
  });
});

describe('rows', () => {
  it('stacks team and employee rows at their heights', () => {
    expect(rowOffsets([{ kind: 'team' }, { kind: 'employee' }, { kind: 'employee' }, { kind: 'team' }])).toEqual([0, 32, 68, 104, 136]);
    expect(rowOffsets([])).toEqual([0]);
  });

  it('scrolls just enough to show a row or day beside the sticky header or names', () => {
    // Box 400 px tall, header 52 px, scrolled to 1,000: rows from 1,052 to 1,400 show.
    expect(scrollToShow(1000, 400, 52, 1100, 1136)).toBe(1000);
    expect(scrollToShow(1000, 400, 52, 1030, 1066)).toBe(978);
    expect(scrollToShow(1000, 400, 52, 1380, 1416)).toBe(1016);
    expect(scrollToShow(10, 400, 52, 52, 88)).toBe(0);
  });
});
