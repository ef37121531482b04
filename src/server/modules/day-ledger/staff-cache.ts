import type { EngineStaff } from '../../../shared/domain/availability';
import { KeptBySite } from '../../db/kept-by-site';

/**
 * Each site's staff list as the hours engine reads it, kept between requests (decision 054): every change
 * of hours reads it, and on a site of 300 employees building and parsing it was a fifth of the database's
 * work per change. An entry is only ever used when the database confirms, in the same statement that reads
 * the rest of the engine's data, that the site's `staff_version` is still the one cached; otherwise the
 * statement sends the list and the entry is replaced. So a stale entry costs a re-read, never a wrong total.
 */
export interface CachedStaff {
  version: string;
  employees: EngineStaff[];
}

/** Sites whose lists are kept; the least recently stored goes first. */
const cache = new KeptBySite<CachedStaff>(2000);

export const cachedStaff = (siteId: number): CachedStaff | undefined => cache.get(siteId);

export const rememberStaff = (siteId: number, entry: CachedStaff): void => cache.keep(siteId, entry);
