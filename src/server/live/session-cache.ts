import type { CachedSession } from '../auth/sessions';
import { BusCache } from './bus-cache';
import type { LiveBus } from './bus';

/** How long an entry may be used at most, should an invalidation be missed (decision 048). */
export const SESSION_CACHE_TTL_MS = 10_000;

/**
 * A short-lived, per-instance cache of session lookups (decision 048), so a signed-in read costs no
 * session query. It lives beside the bus that empties it; auth/sessions.ts names only the calls it makes
 * on it (decision 072). It is emptied:
 * - on this instance, before the reply of every change request is sent (app.ts's onSend);
 * - on every instance, by the "recheck" messages the database's triggers (migration 0010) and the
 *   announcer send on the live bus whenever a session, a user, a site grant or a site changes;
 * - while the bus is down, it is not used at all.
 */
export class SessionCache<T> extends BusCache<CachedSession<T>> {
  constructor(bus: Pick<LiveBus, 'isUp' | 'onMessage' | 'onStatus'> | undefined) {
    super(bus, { ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 10_000, invalidates: (m) => (m.t === 'recheck' ? 'all' : undefined) });
  }
}
