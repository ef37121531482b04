import { describe, expect, it } from 'vitest';
import { compactHours } from './compact-hours';

describe('compactHours', () => {
  it('keeps the tenth under 100 hours', () => {
    expect(compactHours(0)).toBe('0.0h');
    expect(compactHours(7.6)).toBe('7.6h');
    expect(compactHours(37.5)).toBe('37.5h');
    expect(compactHours(99.9)).toBe('99.9h');
  });

  it('gives whole hours from 100 to 999', () => {
    expect(compactHours(99.96)).toBe('100h');
    expect(compactHours(238.4)).toBe('238h');
    expect(compactHours(999.4)).toBe('999h');
  });

  it('gives thousands with one decimal, and whole thousands from 10,000', () => {
    expect(compactHours(999.5)).toBe('1kh');
    expect(compactHours(1000)).toBe('1kh');
    expect(compactHours(1234.5)).toBe('1.2kh');
    expect(compactHours(2392)).toBe('2.4kh');
    expect(compactHours(9949)).toBe('9.9kh');
    expect(compactHours(9950)).toBe('10kh');
    expect(compactHours(12345)).toBe('12kh');
  });

  it('is never longer than four characters and the unit up to 99,999 hours', () => {
    for (const h of [0, 9.9, 99.9, 100, 999, 1000, 1499, 9999, 10000, 99_499])
      expect(compactHours(h).replace(/k?h$/, '').length).toBeLessThanOrEqual(4);
  });
});
