import { describe, expect, it } from 'vitest';
import { monthDays, parseView, viewDays } from './dates';

describe('wallchart dates', () => {
  it('shows the days of the month only', () => {
    const feb = monthDays(2028, 2);
    expect(feb.length).toBe(29);
    expect(feb[0]).toBe('2028-02-01');
    expect(feb[28]).toBe('2028-02-29');
    expect(viewDays('wallchart', '2026-11-17')).toHaveLength(30);
    expect(viewDays('wallchart', '2026-12-05').at(-1)).toBe('2026-12-31');
  });

  it('reads view=wallchart from the URL', () => {
    expect(parseView('wallchart')).toBe('wallchart');
  });
});
