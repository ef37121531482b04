import Holidays from 'date-holidays';
import type { TRegionOption } from '../../../shared/contracts/holidays';
import { AppError } from '../../../shared/errors';

/**
 * The offline holiday data of `date-holidays`: countries, their states or regions, and a year's holidays.
 * Nothing here touches the network or the database.
 */

const sorted = (map: Record<string, string> | undefined): TRegionOption[] =>
  Object.entries(map ?? {})
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));

export const listCountries = (): TRegionOption[] => sorted(new Holidays().getCountries('en'));

export function listStates(country: string): TRegionOption[] {
  if (!new Holidays().getCountries('en')[country]) throw new AppError('NOT_FOUND', 'Country not found');
  return sorted(new Holidays().getStates(country, 'en'));
}

export interface CatalogueHoliday {
  date: string;
  name: string;
  type: string;
}

/** A year's holidays of a region, one per date and name; a multi-day holiday counts on its first day. */
export function holidaysOf(country: string, state: string | undefined | null, year: number): CatalogueHoliday[] {
  const hd = new Holidays();
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
