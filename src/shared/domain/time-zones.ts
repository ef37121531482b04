/**
 * The time zones the notification dialog offers (spec 02 §9: de-duplicated by offset). Each row is one clock:
 * zones whose offset is the same on every day of the year, the first one the value saved. IANA names, so
 * daylight saving is handled by the zone rules, not by a fixed offset. The server accepts any IANA name, and
 * the dialog's search finds every zone the runtime knows (decision 084). Each zone is shown once, by its city,
 * whatever name of it was saved (decision 116).
 */
export const TIME_ZONE_GROUPS: readonly (readonly string[])[] = [
  ['UTC', 'Atlantic/Reykjavik', 'Africa/Abidjan'],
  ['Pacific/Midway'],
  ['Pacific/Honolulu'],
  ['America/Anchorage'],
  ['America/Los_Angeles', 'America/Tijuana'],
  ['America/Denver'],
  ['America/Phoenix'],
  ['America/Chicago'],
  ['America/Mexico_City', 'America/Chihuahua', 'America/Regina', 'America/Guatemala'],
  ['America/New_York', 'America/Toronto'],
  ['America/Bogota', 'America/Lima'],
  ['America/Halifax'],
  ['America/Caracas', 'America/La_Paz'],
  ['America/Santiago'],
  ['America/St_Johns'],
  ['America/Sao_Paulo', 'America/Argentina/Buenos_Aires', 'America/Montevideo'],
  ['America/Nuuk'],
  ['Atlantic/South_Georgia'],
  ['Atlantic/Azores'],
  ['Atlantic/Cape_Verde'],
  ['Europe/London', 'Europe/Dublin', 'Europe/Lisbon'],
  ['Africa/Casablanca'],
  [
    'Europe/Paris',
    'Europe/Amsterdam',
    'Europe/Berlin',
    'Europe/Brussels',
    'Europe/Copenhagen',
    'Europe/Madrid',
    'Europe/Oslo',
    'Europe/Prague',
    'Europe/Rome',
    'Europe/Stockholm',
    'Europe/Vienna',
    'Europe/Warsaw',
    'Europe/Zurich',
  ],
  ['Africa/Lagos'],
  ['Europe/Athens', 'Europe/Bucharest', 'Europe/Helsinki', 'Europe/Kyiv', 'Asia/Beirut'],
  ['Africa/Cairo'],
  ['Africa/Johannesburg'],
  ['Asia/Jerusalem'],
  ['Europe/Moscow', 'Europe/Istanbul', 'Asia/Baghdad', 'Asia/Riyadh', 'Africa/Nairobi'],
  ['Asia/Tehran'],
  ['Asia/Dubai', 'Asia/Baku', 'Asia/Tbilisi'],
  ['Asia/Kabul'],
  ['Asia/Karachi', 'Asia/Tashkent', 'Asia/Yekaterinburg', 'Asia/Almaty'],
  ['Asia/Kolkata', 'Asia/Colombo'],
  ['Asia/Kathmandu'],
  ['Asia/Dhaka'],
  ['Asia/Yangon'],
  ['Asia/Bangkok', 'Asia/Jakarta', 'Asia/Ho_Chi_Minh', 'Asia/Novosibirsk'],
  ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Singapore', 'Asia/Kuala_Lumpur', 'Asia/Manila', 'Asia/Taipei', 'Australia/Perth'],
  ['Asia/Tokyo', 'Asia/Seoul', 'Asia/Yakutsk'],
  ['Australia/Darwin'],
  ['Australia/Adelaide'],
  ['Australia/Brisbane', 'Pacific/Guam', 'Asia/Vladivostok'],
  ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Hobart'],
  ['Pacific/Noumea', 'Asia/Magadan'],
  ['Pacific/Fiji'],
  ['Pacific/Auckland'],
  ['Pacific/Tongatapu'],
  ['Pacific/Kiritimati'],
];

/** The zone saved for each row of the list. */
export const TIME_ZONES: readonly string[] = TIME_ZONE_GROUPS.map((group) => group[0]!);

export function isValidTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC of `zone` at `at` (e.g. 660 for Sydney in January). */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
  const label = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(label);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The city of a zone as people read it: `America/Argentina/Buenos_Aires` is "Buenos Aires". */
export const cityOf = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

const canonicalNames = new Map<string, string>();

/**
 * The runtime's own name for a zone, so that two names of one zone (Europe/Kiev and Europe/Kyiv, US/Eastern and
 * America/New_York, Asia/Calcutta and Asia/Kolkata) are one zone, whichever of them this runtime lists.
 */
export function canonicalZone(zone: string): string {
  let name = canonicalNames.get(zone);
  if (name === undefined) {
    try {
      name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      name = zone;
    }
    canonicalNames.set(zone, name);
  }
  return name;
}

export interface TimeZoneOption {
  value: string;
  label: string;
  offset: number;
}

function option(value: string, at: Date, cities: string): TimeZoneOption {
  const offset = zoneOffsetMinutes(value, at);
  return { value, offset, label: `(${formatOffset(offset)}) ${cities}` };
}

/** Every zone the runtime knows; older runtimes without the list fall back to the offered ones. */
function knownZones(): readonly string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : TIME_ZONES;
}

/**
 * The list for the dialog at `at`, ordered by offset then label: one row per clock of `TIME_ZONE_GROUPS`,
 * labelled with the cities that share it. With a search `term` (matched against names, cities and the offset
 * label), the rows that match (and the saved one) plus every other zone the runtime knows whose name matches, so no zone is
 * out of reach, each labelled with its city. `current` (the saved zone) is always shown: a zone of a row (under
 * any of its names) is that row, saved as it is; any other zone is a row of its own. No zone is shown twice
 * under two names (decision 116).
 */
export function timeZoneOptions(at: Date, current?: string, term = ''): TimeZoneOption[] {
  const needle = term.trim().toLowerCase().replace(/\s+/g, '_');
  const matches = (text: string) => text.toLowerCase().replace(/\s+/g, '_').includes(needle);
  const names = (zone: string) => [zone, canonicalZone(zone)];
  const saved = current && isValidTimeZone(current) ? canonicalZone(current) : undefined;
  const listed = new Set(TIME_ZONE_GROUPS.flat().map(canonicalZone));
  const rows = TIME_ZONE_GROUPS.map((group) => {
    const value = saved !== undefined && group.some((zone) => canonicalZone(zone) === saved) ? current! : group[0]!;
    return { group, row: option(value, at, group.map(cityOf).join(', ')) };
  }).filter(({ group, row }) => !needle || row.value === current || matches(row.label) || group.flatMap(names).some(matches));
  const extra = needle ? knownZones().filter((zone) => !listed.has(canonicalZone(zone)) && names(zone).some(matches)) : [];
  const kept = saved !== undefined && !listed.has(saved) ? [current!] : [];
  const seen = new Set<string>();
  const singles = [...kept, ...extra].filter((zone) => !seen.has(canonicalZone(zone)) && seen.add(canonicalZone(zone)));
  return [...rows.map(({ row }) => row), ...singles.map((zone) => option(zone, at, cityOf(zone)))].sort(
    (a, b) => a.offset - b.offset || a.label.localeCompare(b.label),
  );
}
