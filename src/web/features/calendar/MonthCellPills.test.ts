import { describe, expect, it } from 'vitest';
import { moreLabel } from './MonthCellPills';

const exceptions = (n: number) => Array.from({ length: n }, () => ({ kind: 'exception' as const }));
const notes = (n: number) => Array.from({ length: n }, () => ({ kind: 'note' as const }));

describe('"+N more" accessible name', () => {
  it('names what it hides and the day it opens', () => {
    expect(moreLabel(exceptions(56), '2026-03-03')).toBe('56 more exceptions on Tuesday 3 March');
    expect(moreLabel(exceptions(1), '2030-03-05')).toBe('1 more exception on Tuesday 5 March');
    expect(moreLabel(notes(2), '2026-11-29')).toBe('2 more notes on Sunday 29 November');
    expect(moreLabel(notes(1), '2026-11-29')).toBe('1 more note on Sunday 29 November');
    expect(moreLabel([...exceptions(3), ...notes(1)], '2026-12-08')).toBe('4 more exceptions and notes on Tuesday 8 December');
  });
});
