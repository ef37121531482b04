import type { BusMessage, LiveBus } from './bus';

/** What a message empties: every entry, one site's, or nothing. */
export type Invalidation = 'all' | { site: number } | undefined;

export interface BusCacheOptions<V> {
  /** How long an entry may be used at most, should an invalidation be missed. */
  ttlMs: number;
  maxEntries: number;
  /** With `sizeOf`: the bytes the entries may hold together; the least recently used go first. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  invalidates(message: BusMessage): Invalidation;
}

/**
 * A per-instance cache kept honest by the live bus (decisions 048 and 049): messages empty it, it is not used
 * while the bus is down (invalidations from other instances could be missed) and starts empty when the bus
 * is back, and a value read before an invalidation is never stored (a generation counter).
 */
export class BusCache<V> {
  /** In order of last use: the first is the least recently used. */
  private readonly entries = new Map<string, { value: V; until: number; site: number | undefined; bytes: number }>();
  private bytes = 0;
  private generation = 0;
  /** Counts arrivals and reads begun: a read begun after a request arrived sees everything committed before it. */
  private clock = 0;
  private readonly inflight = new Map<string, { generation: number; begun: number; promise: Promise<V> }>();

  constructor(
    private readonly bus: Pick<LiveBus, 'isUp' | 'onMessage' | 'onStatus'> | undefined,
    private readonly options: BusCacheOptions<V>,
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
    this.drop(key);
    if (entry.until <= now.getTime()) return undefined;
    this.keep(key, entry);
    return entry.value;
  }

  /** A request's place in time, taken when it arrives: hand it to `load`. */
  tick(): number {
    return ++this.clock;
  }

  /** Stores `value` unless something was invalidated since `generation` was taken. `site` lets a site's change drop it. */
  set(key: string, value: V, generation: number, now: Date, site?: number): void {
    if (!this.usable() || generation !== this.generation) return;
    this.drop(key);
    const bytes = this.options.sizeOf?.(value) ?? 0;
    if (this.options.maxBytes !== undefined && bytes > this.options.maxBytes) return;
    this.keep(key, { value, until: now.getTime() + this.options.ttlMs, site, bytes });
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= (this.options.maxBytes ?? Infinity)) break;
      this.drop(oldest);
    }
  }

  private keep(key: string, entry: { value: V; until: number; site: number | undefined; bytes: number }): void {
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /**
   * The cached value, or `read()`'s, stored for the next asker. Requests that miss share reads (decision 077):
   * a read begun after a request arrived answers it as is, since it sees everything committed before the
   * request came; one begun earlier answers it only if `current` accepts its value (decision 066), or, without
   * `current`, if nothing was invalidated since it began. Otherwise the request waits for it to end and joins
   * the next read, which the first of those waiting begins: under a stream of changes each key has at most
   * one read running and the requests that arrive meanwhile share the one after it. `arrived`: the request's
   * `tick()`, taken before it read what `current` compares.
   */
  async load(
    key: string,
    now: Date,
    site: number | undefined,
    read: () => Promise<V>,
    current?: (value: V) => boolean,
    arrived = this.tick(),
  ): Promise<V> {
    const hit = this.get(key, now);
    if (hit !== undefined && (!current || current(hit))) return hit;
    if (!this.usable()) return read();
    for (;;) {
      const running = this.inflight.get(key);
      if (!running) return this.startRead(key, now, site, read);
      if (running.begun > arrived) return running.promise;
      const shared = await running.promise.catch(() => undefined);
      if (shared !== undefined && (current ? current(shared) : running.generation === this.generation)) return shared;
      // The read ended (it leaves `inflight` before its waiters resume): the first waiter begins the next.
      if (this.inflight.get(key) === running) this.inflight.delete(key);
    }
  }

  private startRead(key: string, now: Date, site: number | undefined, read: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    const begun = this.tick();
    const promise = read().then((value) => {
      this.set(key, value, generation, now, site);
      return value;
    });
    this.inflight.set(key, { generation, begun, promise });
    const done = () => {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Empties the cache, or only the entries of `site`; either way reads in flight will not store. */
  clear(site?: number): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (site === undefined || entry.site === site) this.drop(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries hold, as `sizeOf` counts it. */
  get heldBytes(): number {
    return this.bytes;
  }
}
