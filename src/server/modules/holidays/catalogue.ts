import type HolidaysType from 'date-holidays';
import type { TRegionOption } from '../../../shared/contracts/holidays';
import { AppError } from '../../../shared/errors';

/**
 * The offline holiday data of `date-holidays`: countries, their states or regions, and a year's holidays.
 * Nothing here touches the network or the database.
 */

/**
 * Loaded on first use: its data and code are about 5 MB of heap that every request's full garbage
 * collection would otherwise mark, for a screen opened a few times a year (decision 059).
 */
let loading: Promise<typeof HolidaysType> | undefined;
const catalogue = async (): Promise<HolidaysType> => new (await (loading ??= import('date-holidays').then((m) => m.default)))();

const sorted = (map: Record<string, string> | undefined): TRegionOption[] =>
  Object.entries(map ?? {})
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));

export const listCountries = async (): Promise<TRegionOption[]> => sorted((await catalogue()).getCountries('en'));

export async function listStates(country: string): Promise<TRegionOption[]> {
  const hd = await catalogue();
  if (!hd.getCountries('en')[country]) throw new AppError('NOT_FOUND', 'Country not found');
  return sorted(hd.getStates(country, 'en'));
}

export interface CatalogueHoliday {
  date: string;
  name: string;
  type: string;
}

/** A year's holidays of a region, one per date and name; a multi-day holiday counts on its first day. */
export async function holidaysOf(country: string, state: string | undefined | null, year: number): Promise<CatalogueHoliday[]> {
  const hd = await catalogue();
  if (!hd.getCountries('en')[country]) throw new AppError('NOT_FOUND', 'Country not found');
  if (state && !hd.getStates(country, 'en')?.[state]) throw new AppError('NOT_FOUND', 'Region not found');
  hd.init(country, state ?? undefined);
  const seen = new Set<string>();
  const out: CatalogueHoliday[] = [];
  for (const h of hd.getHolidays(year) || []) {
    const date = h.date.slice(0, 10);
    const key = `${date}|${h.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ date, name: h.name, type: h.type });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}
