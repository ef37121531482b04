import { createHash } from 'node:crypto';
import type { TCalendarQuery } from '../../../shared/contracts/calendar-bundle';
import type { Actor } from '../../auth/access';
import { BusCache } from '../../live/bus-cache';
import type { LiveBus } from '../../live/bus';
import type { CalendarData } from './bundle';

/** A window's reply as the database built it, its digest (the ETag is derived from it per user) and the site's data version it was read with. */
export interface CachedCalendar {
  json: string;
  digest: string;
  mark: string;
}

/** Replies are 10–100 kB: a few hundred windows at most per instance. */
const MAX_ENTRIES = 300;
export const CALENDAR_CACHE_TTL_MS = 10_000;

/**
 * The calendar read's per-instance cache (decisions 049 and 066): the reply depends only on the site, its
 * business and the query, never on who asks. An entry is answered only while the site's data version (its
 * marks, migration 0016) is still the one it was read with, so a change committed anywhere before a read
 * began is in that read's reply, whatever the live bus did. The bus's change messages (and app.ts, for the
 * writer's own site) still drop a site's entries early, which frees their memory.
 */
export class CalendarCache extends BusCache<CachedCalendar> {
  constructor(bus: Pick<LiveBus, 'isUp' | 'onMessage' | 'onStatus'> | undefined) {
    super(bus, {
      ttlMs: CALENDAR_CACHE_TTL_MS,
      maxEntries: MAX_ENTRIES,
      invalidates: (m) => {
        if (m.t === 'data') return m.site === undefined ? 'all' : { site: m.site };
        // The announcer's own change messages: data maintenance and the like.
        if (m.t === 'change') return { site: m.site };
        return undefined;
      },
    });
  }

  /**
   * The window's reply, from memory when the site's version now (`currentMark`, read after the request
   * arrived) is the one the entry was read with, else from `read`. Not cached: `read` alone, no version read.
   */
  async loadCurrent(
    key: string,
    now: Date,
    site: number,
    currentMark: () => Promise<string>,
    read: () => Promise<CachedCalendar>,
  ): Promise<CachedCalendar> {
    if (!this.usable()) return read();
    const mark = await currentMark();
    return this.load(key, now, site, read, (entry) => entry.mark === mark);
  }

  static key(actor: Pick<Actor, 'siteId' | 'businessId'>, q: TCalendarQuery): string {
    return [actor.siteId, actor.businessId, q.startDate, q.endDate, q.dayChangesStartDate ?? '', q.dayChangesEndDate ?? ''].join('|');
  }

  static entry(data: CalendarData): CachedCalendar {
    return { json: data.json, digest: createHash('sha1').update(data.json).digest('base64url'), mark: data.mark };
  }
}
