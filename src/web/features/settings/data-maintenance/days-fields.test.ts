import { describe, expect, it } from 'vitest';
import { fallbackMessage, isValidDays, shownDays } from './days-fields';

describe('Data Management day fields', () => {
  it.each(['30', '365', '3650', ' 400 '])('keeps %j', (text) => {
    expect(isValidDays(text)).toBe(true);
    expect(shownDays('dataRetentionDays', text)).toBe(text);
  });

  it.each(['5', '29', '3651', '10000', '', '  ', 'abc', '30.5', '-40'])('replaces %j with the fallback', (text) => {
    expect(isValidDays(text)).toBe(false);
    expect(shownDays('dataRetentionDays', text)).toBe('365');
    expect(shownDays('futureDataDays', text)).toBe('730');
  });

  it('says what will be used', () => {
    expect(fallbackMessage('dataRetentionDays')).toBe('Retention must be between 30 and 3650 days; 365 will be used.');
    expect(fallbackMessage('futureDataDays')).toBe('Future data must be between 30 and 3650 days; 730 will be used.');
  });
});
