import { describe, expect, it } from 'vitest';
import { localeDateFormat, parseImportDate } from './import-dates';

describe('localeDateFormat', () => {
  it('reads the order and separator of a locale', () => {
    expect(localeDateFormat('en-GB')).toEqual({ order: ['day', 'month', 'year'], pattern: 'dd/MM/yyyy' });
    expect(localeDateFormat('en-US')).toEqual({ order: ['month', 'day', 'year'], pattern: 'MM/dd/yyyy' });
    expect(localeDateFormat('de-DE')).toEqual({ order: ['day', 'month', 'year'], pattern: 'dd.MM.yyyy' });
  });
  it('falls back to dd/MM/yyyy for a tag that is not a locale', () => {
    expect(localeDateFormat('not a locale!!')).toEqual({ order: ['day', 'month', 'year'], pattern: 'dd/MM/yyyy' });
  });
});

describe('parseImportDate', () => {
  const gb = localeDateFormat('en-GB');
  const us = localeDateFormat('en-US');
  it('takes yyyy-MM-dd in any locale', () => {
    expect(parseImportDate('2030-03-04', gb)).toBe('2030-03-04');
    expect(parseImportDate(' 2030-03-04 ', us)).toBe('2030-03-04');
  });
  it("reads the locale's order", () => {
    expect(parseImportDate('04/03/2030', gb)).toBe('2030-03-04');
    expect(parseImportDate('04/03/2030', us)).toBe('2030-04-03');
    expect(parseImportDate('4.3.2030', gb)).toBe('2030-03-04');
  });
  it('refuses days that do not exist, two-digit years and other text', () => {
    expect(parseImportDate('2030-02-30', gb)).toBeNull();
    expect(parseImportDate('31/04/2030', gb)).toBeNull();
    expect(parseImportDate('13/31/2030', us)).toBeNull();
    expect(parseImportDate('04/03/30', gb)).toBeNull();
    expect(parseImportDate('next Tuesday', gb)).toBeNull();
    expect(parseImportDate('', gb)).toBeNull();
    expect(parseImportDate('1899-12-31', gb)).toBeNull();
  });
});
