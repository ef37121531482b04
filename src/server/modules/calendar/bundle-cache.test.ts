import { describe, expect, it } from 'vitest';
import { CalendarCache, type CachedCalendar } from './bundle-cache';

/** A bus that is up and never delivers anything: what the cache answers then rests on the version check alone. */
const silentBus = { isUp: () => true, onMessage: () => undefined, onStatus: () => undefined };
const NOW = new Date('2032-03-01T09:00:00Z');
const KEY = '7|3|2032-03-01|2032-03-31||';

const entry = (json: string, mark: string): CachedCalendar => ({ json, digest: json, mark });

/** A read that answers what the database holds when it is called, and counts its calls. */
function database(json: string, mark: string) {
  const db = { json, mark, reads: 0, read: async () => (db.reads++, entry(db.json, db.mark)) };
  return db;
}

describe('CalendarCache version check', () => {
  it("answers a cached window while the site's version is the one it was read with", async () => {
    const cache = new CalendarCache(silentBus);
    const db = database('{"v":1}', 'mark-a');
    await cache.loadCurrent(KEY, NOW, 7, async () => 'mark-a', db.read);
    const again = await cache.loadCurrent(KEY, NOW, 7, async () => 'mark-a', db.read);
    expect(again.json).toBe('{"v":1}');
    expect(db.reads).toBe(1);
  });

  it('reads again once the version has moved, although no message said so', async () => {
    const cache = new CalendarCache(silentBus);
    const db = database('{"v":1}', 'mark-a');
    await cache.loadCurrent(KEY, NOW, 7, async () => 'mark-a', db.read);
    Object.assign(db, { json: '{"v":2}', mark: 'mark-b' });
    const after = await cache.loadCurrent(KEY, NOW, 7, async () => 'mark-b', db.read);
    expect(after.json).toBe('{"v":2}');
    expect(db.reads).toBe(2);
    // The new reply is what the cache keeps for the next reader at that version.
    expect((await cache.loadCurrent(KEY, NOW, 7, async () => 'mark-b', db.read)).json).toBe('{"v":2}');
    expect(db.reads).toBe(2);
  });

  it('does not hand a read that began before a change to a reader who came after it', async () => {
    const cache = new CalendarCache(silentBus);
    let finishFirst: (value: CachedCalendar) => void = () => undefined;
    const first = cache.loadCurrent(
      KEY,
      NOW,
      7,
      async () => 'mark-a',
      () => new Promise<CachedCalendar>((resolve) => (finishFirst = resolve)),
    );
    await new Promise((r) => setTimeout(r, 0)); // the first read is under way
    const second = cache.loadCurrent(
      KEY,
      NOW,
      7,
      async () => 'mark-b',
      async () => entry('{"v":2}', 'mark-b'),
    );
    await new Promise((r) => setTimeout(r, 0));
    finishFirst(entry('{"v":1}', 'mark-a'));
    expect((await first).json).toBe('{"v":1}');
    expect((await second).json).toBe('{"v":2}');
  });

  it('shares a read in flight with readers at the same version', async () => {
    const cache = new CalendarCache(silentBus);
    const db = database('{"v":1}', 'mark-a');
    const [a, b] = await Promise.all([
      cache.loadCurrent(KEY, NOW, 7, async () => 'mark-a', db.read),
      cache.loadCurrent(KEY, NOW, 7, async () => 'mark-a', db.read),
    ]);
    expect([a.json, b.json]).toEqual(['{"v":1}', '{"v":1}']);
    expect(db.reads).toBe(1);
  });
});
