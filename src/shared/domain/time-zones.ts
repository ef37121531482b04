/**
 * The time zones the notification dialog offers (spec 02 §9: about 90, de-duplicated). IANA names, so
 * daylight saving is handled by the zone rules, not by a fixed offset. The server accepts any IANA name.
 */
export const TIME_ZONES: readonly string[] = [
  'UTC',
  'Pacific/Midway',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Tijuana',
  'America/Phoenix',
  'America/Denver',
  'America/Chihuahua',
  'America/Chicago',
  'America/Mexico_City',
  'America/Regina',
  'America/Guatemala',
  'America/New_York',
  'America/Bogota',
  'America/Lima',
  'America/Toronto',
  'America/Caracas',
  'America/Halifax',
  'America/La_Paz',
  'America/Santiago',
  'America/St_Johns',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'America/Montevideo',
  'America/Godthab',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'Atlantic/Cape_Verde',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Africa/Casablanca',
  'Atlantic/Reykjavik',
  'Africa/Abidjan',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Brussels',
  'Europe/Stockholm',
  'Europe/Oslo',
  'Europe/Copenhagen',
  'Europe/Vienna',
  'Europe/Warsaw',
  'Europe/Prague',
  'Europe/Zurich',
  'Africa/Lagos',
  'Europe/Athens',
  'Europe/Bucharest',
  'Europe/Helsinki',
  'Europe/Kiev',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Asia/Jerusalem',
  'Asia/Beirut',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Asia/Baghdad',
  'Asia/Riyadh',
  'Africa/Nairobi',
  'Asia/Tehran',
  'Asia/Dubai',
  'Asia/Baku',
  'Asia/Tbilisi',
  'Asia/Kabul',
  'Asia/Karachi',
  'Asia/Tashkent',
  'Asia/Yekaterinburg',
  'Asia/Kolkata',
  'Asia/Colombo',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Almaty',
  'Asia/Yangon',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Ho_Chi_Minh',
  'Asia/Novosibirsk',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Manila',
  'Asia/Taipei',
  'Australia/Perth',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Yakutsk',
  'Australia/Darwin',
  'Australia/Adelaide',
  'Australia/Brisbane',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Hobart',
  'Pacific/Guam',
  'Asia/Vladivostok',
  'Pacific/Noumea',
  'Asia/Magadan',
  'Pacific/Auckland',
  'Pacific/Fiji',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];

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

/**
 * The list for the dialog at `at`: each zone once, with its current offset, ordered by offset then name.
 * `current` (a saved zone that is not in the list) is added so an edit never loses it.
 */
export function timeZoneOptions(at: Date, current?: string): Array<{ value: string; label: string; offset: number }> {
  const names = [...new Set([...TIME_ZONES, ...(current && isValidTimeZone(current) ? [current] : [])])].filter(isValidTimeZone);
  return names
    .map((value) => {
      const offset = zoneOffsetMinutes(value, at);
      return { value, offset, label: `(${formatOffset(offset)}) ${value.replace(/_/g, ' ')}` };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
}
