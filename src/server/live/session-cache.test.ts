import { describe, expect, it } from 'vitest';
import type { BusMessage } from './bus';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';

function fakeBus() {
  let up = true;
  const onMessage: Array<(m: BusMessage) => void> = [];
  const onStatus: Array<(up: boolean) => void> = [];
  return {
    isUp: () => up,
    onMessage: (h: (m: BusMessage) => void) => void onMessage.push(h),
    onStatus: (h: (up: boolean) => void) => void onStatus.push(h),
    send: (m: BusMessage) => onMessage.forEach((h) => h(m)),
    setUp: (value: boolean) => {
      up = value;
      onStatus.forEach((h) => h(value));
    },
  };
}

const at = (ms: number) => new Date(Date.UTC(2027, 0, 4, 9) + ms);
const entry = (name: string) => ({ record: { name }, createdAt: at(0), expiresAt: at(3_600_000), lastSeenAt: at(0) });

describe('SessionCache', () => {
  it('answers a stored lookup until its lifetime of 10 s is over', () => {
    const cache = new SessionCache<{ name: string }>(fakeBus());
    cache.set('s1', entry('ann'), cache.begin(), at(0));
    expect(cache.get('s1', at(9_999))?.record).toEqual({ name: 'ann' });
    expect(SESSION_CACHE_TTL_MS).toBe(10_000);
    expect(cache.get('s1', at(10_000))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is emptied by any recheck message, and not by other messages', () => {
    const bus = fakeBus();
    const cache = new SessionCache<{ name: string }>(bus);
    cache.set('s1', entry('ann'), cache.begin(), at(0));
    bus.send({ t: 'change', site: 1, kind: 'notes', ids: [3] });
    expect(cache.get('s1', at(1))).toBeDefined();
    bus.send({ t: 'recheck', uid: 42 });
    expect(cache.get('s1', at(2))).toBeUndefined();
  });

  it('never stores a lookup that began before an invalidation', () => {
    const cache = new SessionCache<{ name: string }>(fakeBus());
    const generation = cache.begin();
    cache.clear(); // a logout committed while the lookup was reading
    cache.set('s1', entry('ann'), generation, at(0));
    expect(cache.get('s1', at(1))).toBeUndefined();
    cache.set('s1', entry('ann'), cache.begin(), at(0));
    expect(cache.get('s1', at(1))).toBeDefined();
  });

  it('is not used while the bus is down (invalidations could be missed), and starts empty when it is back', () => {
    const bus = fakeBus();
    const cache = new SessionCache<{ name: string }>(bus);
    cache.set('s1', entry('ann'), cache.begin(), at(0));
    bus.setUp(false);
    expect(cache.get('s1', at(1))).toBeUndefined();
    cache.set('s2', entry('bob'), cache.begin(), at(1));
    bus.setUp(true);
    expect(cache.get('s1', at(2))).toBeUndefined();
    expect(cache.get('s2', at(2))).toBeUndefined();
  });

  it('without a bus it is never used', () => {
    const cache = new SessionCache<{ name: string }>(undefined);
    cache.set('s1', entry('ann'), cache.begin(), at(0));
    expect(cache.get('s1', at(1))).toBeUndefined();
  });
});

describe('BusCache.load', () => {
  it('shares one read among requests that miss together, and stores it', async () => {
    const cache = new SessionCache<{ name: string }>(fakeBus());
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const read = async () => {
      reads++;
      await gate;
      return entry('ann');
    };
    const together = [
      cache.load('s1', at(0), undefined, read),
      cache.load('s1', at(0), undefined, read),
      cache.load('s1', at(0), undefined, read),
    ];
    release();
    const answers = await Promise.all(together);
    expect(reads).toBe(1);
    expect(answers.map((a) => a.record.name)).toEqual(['ann', 'ann', 'ann']);
    expect(cache.get('s1', at(1))?.record.name).toBe('ann');
  });

  it('does not join a read that began before an invalidation', async () => {
    const cache = new SessionCache<{ name: string }>(fakeBus());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stale = cache.load('s1', at(0), undefined, async () => (await gate, entry('before')));
    cache.clear();
    const fresh = cache.load('s1', at(0), undefined, async () => entry('after'));
    release();
    expect((await stale).record.name).toBe('before');
    expect((await fresh).record.name).toBe('after');
    expect(cache.get('s1', at(1))?.record.name).toBe('after');
  });
});
