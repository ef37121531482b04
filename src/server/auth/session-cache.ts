import type { LiveBus } from '../live/bus';

/** What a cached lookup keeps: the session as answered, and the row times the cache path re-checks. */
export interface CachedSession<T> {
  record: T;
  expiresAt: Date;
  createdAt: Date;
  lastSeenAt: Date;
}

/** How long an entry may be used at most, should an invalidation be missed (decision 047). */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * A short-lived, per-instance cache of session lookups (decision 047), so a signed-in read costs no
 * session query. It is emptied:
 * - on this instance, before the reply of every change request is sent (`clear`, from app.ts's onSend),
 *   so whoever changed something never sees a stale session on their next request;
 * - on every instance, by the "recheck" messages the database's triggers (migration 0010) and the
 *   announcer send on the live bus whenever a session, a user, a site grant or a site changes;
 * - while the bus is down, it is not used at all: invalidations from other instances could be missed.
 * A lookup that started before an invalidation never stores its (possibly stale) answer.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, CachedSession<T> & { until: number }>();
  private generation = 0;

  constructor(private readonly bus: Pick<LiveBus, 'isUp' | 'onMessage' | 'onStatus'> | undefined) {
    bus?.onMessage((m) => {
      if (m.t === 'recheck') this.clear();
    });
    bus?.onStatus(() => this.clear());
  }

  private usable(): boolean {
    return this.bus !== undefined && this.bus.isUp();
  }

  /** The generation a lookup starts at; hand it back to `set`. */
  begin(): number {
    return this.generation;
  }

  get(id: string, now: Date): CachedSession<T> | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= now.getTime()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  set(id: string, entry: CachedSession<T>, generation: number, now: Date): void {
    if (!this.usable() || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(id, { ...entry, until: now.getTime() + SESSION_CACHE_TTL_MS });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
