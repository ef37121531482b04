import { createHash } from 'node:crypto';
import type { TCalendarQuery } from '../../../shared/contracts/calendar-bundle';
import type { Actor } from '../../auth/access';
import { BusCache } from '../../live/bus-cache';
import type { LiveBus } from '../../live/bus';

/** A window's reply as the database built it, and its digest (the ETag is derived from it per user). */
export interface CachedCalendar {
  json: string;
  digest: string;
}

/** Replies are 10–100 kB: a few hundred windows at most per instance. */
const MAX_ENTRIES = 300;
export const CALENDAR_CACHE_TTL_MS = 10_000;

/**
 * The calendar read's per-instance cache (decision 049): the reply depends only on the site, its business
 * and the query, never on who asks. The database's triggers announce every change to a site's calendar
 * data (migration 0010) and drop that site's entries on every instance; app.ts empties the site of the
 * writer's session before the reply of any change request leaves this instance.
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

  static key(actor: Pick<Actor, 'siteId' | 'businessId'>, q: TCalendarQuery): string {
    return [actor.siteId, actor.businessId, q.startDate, q.endDate, q.dayChangesStartDate ?? '', q.dayChangesEndDate ?? ''].join('|');
  }

  static entry(json: string): CachedCalendar {
    return { json, digest: createHash('sha1').update(json).digest('base64url') };
  }
}
