import { describe, expect, it } from 'vitest';
import { daysOrDefault } from './data-retention';

describe('daysOrDefault (spec 02 §5: 30–3650, invalid falls back)', () => {
  it.each([
    [30, 30],
    [3650, 3650],
    [365, 365],
    ['90', 90],
    [29, 365],
    [3651, 365],
    [45.5, 365],
    ['', 365],
    ['abc', 365],
    [null, 365],
    [undefined, 365],
  ])('%j → %j with fallback 365', (value, expected) => {
    expect(daysOrDefault(value, 365)).toBe(expected);
  });

  it('uses the fallback it is given', () => {
    expect(daysOrDefault(5, 730)).toBe(730);
  });
});
