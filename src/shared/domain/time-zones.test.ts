import { describe, expect, it } from 'vitest';
import { formatOffset, isValidTimeZone, TIME_ZONE_GROUPS, TIME_ZONES, timeZoneOptions, zoneOffsetMinutes } from './time-zones';

/** A naive reference: the zone's offset text at noon UTC on every day of 2026 and 2027 (each zone read once). */
const clocks = new Map<string, string>();
function clockOf(zone: string): string {
  const known = clocks.get(zone);
  if (known) return known;
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  const days: string[] = [];
  for (let day = 0; day < 730; day++) {
    days.push(format.formatToParts(new Date(Date.UTC(2026, 0, 1 + day, 12))).find((p) => p.type === 'timeZoneName')!.value);
  }
  clocks.set(zone, days.join(','));
  return days.join(',');
}

describe('time zones', () => {
  it('offers one row per clock: 49 rows of 104 known zones, each zone once', () => {
    const zones = TIME_ZONE_GROUPS.flat();
    expect(TIME_ZONE_GROUPS).toHaveLength(49);
    expect(zones).toHaveLength(104);
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones.filter((z) => !isValidTimeZone(z))).toEqual([]);
    expect(TIME_ZONES).toHaveLength(49);
    expect(TIME_ZONES[0]).toBe('UTC');
  });

  it('groups only zones that keep the same offset all year, and no two rows share one', () => {
    const heads = TIME_ZONE_GROUPS.map((group) => {
      const clock = clockOf(group[0]!);
      expect(group.filter((zone) => clockOf(zone) !== clock)).toEqual([]);
      return clock;
    });
    expect(new Set(heads).size).toBe(TIME_ZONE_GROUPS.length);
    // 76,000 formatted dates: well under a second alone, several seconds beside a busy test run.
  }, 30_000);

  it('labels each row with its offset at the given instant and the cities sharing it, ordered by offset', () => {
    const january = new Date('2030-01-15T12:00:00Z');
    expect(zoneOffsetMinutes('Australia/Sydney', january)).toBe(660);
    expect(zoneOffsetMinutes('Asia/Kolkata', january)).toBe(330);
    expect(zoneOffsetMinutes('America/St_Johns', january)).toBe(-210);
    expect(formatOffset(-210)).toBe('UTC-03:30');
    const options = timeZoneOptions(january);
    expect(options).toHaveLength(49);
    expect(options.find((o) => o.value === 'Australia/Sydney')?.label).toBe('(UTC+11:00) Sydney, Melbourne, Hobart');
    expect(options.find((o) => o.value === 'America/New_York')?.label).toBe('(UTC-05:00) New York, Toronto');
    expect(options[0]?.label).toBe('(UTC-11:00) Midway');
    expect(options.map((o) => o.offset)).toEqual([...options.map((o) => o.offset)].sort((a, b) => a - b));
    expect(timeZoneOptions(new Date('2030-07-15T12:00:00Z')).find((o) => o.value === 'Europe/London')?.label).toBe(
      '(UTC+01:00) London, Dublin, Lisbon',
    );
  });

  it('finds any zone the runtime knows by search, and rows by a city they share', () => {
    const january = new Date('2030-01-15T12:00:00Z');
    expect(timeZoneOptions(january, 'UTC', 'berlin').map((o) => o.value)).toEqual(['UTC', 'Europe/Paris']);
    expect(timeZoneOptions(january, 'UTC', 'Tallinn').map((o) => o.label)).toEqual([
      '(UTC+00:00) UTC, Reykjavik, Abidjan',
      '(UTC+02:00) Tallinn',
    ]);
    expect(timeZoneOptions(january, 'UTC', 'utc+05:30').map((o) => o.value)).toEqual(['UTC', 'Asia/Kolkata']);
  });

  it('keeps a saved zone that is not a row, once', () => {
    const options = timeZoneOptions(new Date('2030-01-15T12:00:00Z'), 'Europe/Tallinn');
    expect(options.filter((o) => o.value === 'Europe/Tallinn')).toHaveLength(1);
    expect(options).toHaveLength(50);
    expect(timeZoneOptions(new Date(), 'UTC').filter((o) => o.value === 'UTC')).toHaveLength(1);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('shows a saved zone of a row as that row, saved under its own name, never a second time (decision 116)', () => {
    const january = new Date('2030-01-15T12:00:00Z');
    const paris =
      '(UTC+01:00) Paris, Amsterdam, Berlin, Brussels, Copenhagen, Madrid, Oslo, Prague, Rome, Stockholm, Vienna, Warsaw, Zurich';
    const berlin = timeZoneOptions(january, 'Europe/Berlin');
    expect(berlin).toHaveLength(49);
    expect(berlin.filter((o) => o.label.includes('Berlin'))).toEqual([{ value: 'Europe/Berlin', label: paris, offset: 60 }]);
    expect(berlin.some((o) => o.value === 'Europe/Paris')).toBe(false);
    expect(timeZoneOptions(january, 'Europe/Berlin', 'berlin')).toEqual([{ value: 'Europe/Berlin', label: paris, offset: 60 }]);
  });

  it('shows each zone once under any of its names: Kyiv and Kiev, US/Eastern and New York (decision 116)', () => {
    const january = new Date('2030-01-15T12:00:00Z');
    const athens = '(UTC+02:00) Athens, Bucharest, Helsinki, Kyiv, Beirut';
    expect(timeZoneOptions(january, 'UTC', 'kyiv').map((o) => o.label)).toEqual(['(UTC+00:00) UTC, Reykjavik, Abidjan', athens]);
    expect(timeZoneOptions(january, 'UTC', 'kiev').map((o) => o.label)).toEqual(['(UTC+00:00) UTC, Reykjavik, Abidjan', athens]);
    const kiev = timeZoneOptions(january, 'Europe/Kiev');
    expect(kiev).toHaveLength(49);
    expect(kiev.filter((o) => o.label.includes('Kyiv') || o.label.includes('Kiev'))).toEqual([
      { value: 'Europe/Kiev', label: athens, offset: 120 },
    ]);
    const eastern = timeZoneOptions(january, 'US/Eastern');
    expect(eastern).toHaveLength(49);
    expect(eastern.filter((o) => o.offset === -300)).toEqual([
      { value: 'America/Bogota', label: '(UTC-05:00) Bogota, Lima', offset: -300 },
      { value: 'US/Eastern', label: '(UTC-05:00) New York, Toronto', offset: -300 },
    ]);
    expect(timeZoneOptions(january, 'UTC', 'calcutta').map((o) => o.label)).toEqual([
      '(UTC+00:00) UTC, Reykjavik, Abidjan',
      '(UTC+05:30) Kolkata, Colombo',
    ]);
  });

  it('labels every row with cities only, and no two rows alike', () => {
    const january = new Date('2030-01-15T12:00:00Z');
    for (const term of ['', 'europe', 'america', 'a']) {
      const labels = timeZoneOptions(january, 'UTC', term).map((o) => o.label);
      expect(labels.filter((label) => label.includes('/'))).toEqual([]);
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(timeZoneOptions(january, 'UTC', 'buenos').map((o) => o.label)).toEqual([
      '(UTC-03:00) Sao Paulo, Buenos Aires, Montevideo',
      '(UTC+00:00) UTC, Reykjavik, Abidjan',
    ]);
  });
});
