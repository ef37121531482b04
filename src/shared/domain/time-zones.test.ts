import { describe, expect, it } from 'vitest';
import { formatOffset, isValidTimeZone, TIME_ZONES, timeZoneOptions, zoneOffsetMinutes } from './time-zones';

describe('time zones', () => {
  it('offers about 90 distinct IANA zones, every one known to the runtime', () => {
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(90);
    expect(TIME_ZONES.filter((z) => !isValidTimeZone(z))).toEqual([]);
  });

  it('labels each zone with its offset at the given instant and orders by offset', () => {
    const january = new Date('2030-01-15T12:00:00Z');
    expect(zoneOffsetMinutes('Australia/Sydney', january)).toBe(660);
    expect(zoneOffsetMinutes('Asia/Kolkata', january)).toBe(330);
    expect(zoneOffsetMinutes('America/St_Johns', january)).toBe(-210);
    expect(formatOffset(-210)).toBe('UTC-03:30');
    const options = timeZoneOptions(january);
    expect(options.find((o) => o.value === 'Australia/Sydney')?.label).toBe('(UTC+11:00) Australia/Sydney');
    expect(options.map((o) => o.offset)).toEqual([...options.map((o) => o.offset)].sort((a, b) => a - b));
  });

  it('keeps a saved zone that is not in the list, once', () => {
    const options = timeZoneOptions(new Date('2030-01-15T12:00:00Z'), 'Europe/Tallinn');
    expect(options.filter((o) => o.value === 'Europe/Tallinn')).toHaveLength(1);
    expect(timeZoneOptions(new Date(), 'UTC').filter((o) => o.value === 'UTC')).toHaveLength(1);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
