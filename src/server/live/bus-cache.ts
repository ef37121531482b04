import type { BusMessage, LiveBus } from './bus';

/** What a message empties: every entry, one site's, or nothing. */
export type Invalidation = 'all' | { site: number } | undefined;

export interface BusCacheOptions {
  /** How long an entry may be used at most, should an invalidation be missed. */
  ttlMs: number;
  maxEntries: number;
  invalidates(message: BusMessage): Invalidation;
}

/**
 * A per-instance cache kept honest by the live bus (decisions 048 and 049): messages empty it, it is not used
 * while the bus is down (invalidations from other instances could be missed) and starts empty when the bus
 * is back, and a value read before an invalidation is never stored (a generation counter).
 */
export class BusCache<V> {
  private readonly entries = new Map<string, { value: V; until: number; site: number | undefined }>();
  private generation = 0;
  private readonly inflight = new Map<string, { generation: number; promise: Promise<V> }>();

  constructor(
    private readonly bus: Pick<LiveBus, 'isUp' | 'onMessage' | 'onStatus'> | undefined,
    private readonly options: BusCacheOptions,
  ) {
    bus?.onMessage((m) => {
      const what = options.invalidates(m);
      if (what === 'all') this.clear();
      else if (what) this.clear(what.site);
    });
    bus?.onStatus(() => this.clear());
  }

  protected usable(): boolean {
    return this.bus !== undefined && this.bus.isUp();
  }

  /** The generation a read starts at; hand it back to `set`. */
  begin(): number {
    return this.generation;
  }

  get(key: string, now: Date): V | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now.getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores `value` unless something was invalidated since `generation` was taken. `site` lets a site's change drop it. */
  set(key: string, value: V, generation: number, now: Date, site?: number): void {
    if (!this.usable() || generation !== this.generation) return;
    if (this.entries.size >= this.options.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: now.getTime() + this.options.ttlMs, site });
  }

  /**
   * The cached value, or `read()`'s, stored for the next asker. Requests that miss together share one
   * read, as long as nothing was invalidated since it began: it then answers exactly what a hit would.
   * `current`, when given, must accept a cached value or a shared read's before it is answered (decision
   * 066); a value it refuses is not used, and this request reads for itself.
   */
  async load(key: string, now: Date, site: number | undefined, read: () => Promise<V>, current?: (value: V) => boolean): Promise<V> {
    const hit = this.get(key, now);
    if (hit !== undefined && (!current || current(hit))) return hit;
    if (!this.usable()) return read();
    const running = this.inflight.get(key);
    if (running && running.generation === this.generation) {
      const shared = await running.promise;
      if (!current || current(shared)) return shared;
    }
    const generation = this.generation;
    const promise = read().then((value) => {
      this.set(key, value, generation, now, site);
      return value;
    });
    this.inflight.set(key, { generation, promise });
    const done = () => {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Empties the cache, or only the entries of `site`; either way reads in flight will not store. */
  clear(site?: number): void {
    this.generation++;
    if (site === undefined) this.entries.clear();
    else for (const [key, entry] of this.entries) if (entry.site === site) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
