import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CalendarCache, encodedReply, gzipWithTail, pickEncoding, type CachedCalendar } from './bundle-cache';

/** A bus that is up and never delivers anything: what the cache answers then rests on the version check alone. */
const silentBus = { isUp: () => true, onMessage: () => undefined, onStatus: () => undefined };
const NOW = new Date('2032-03-01T09:00:00Z');
const KEY = '7|3|2032-03-01|2032-03-31||';

const entry = (json: string, mark: string): CachedCalendar => ({ json, mark, begun: 0, encoded: {} });

/** A read that answers what the database holds when it is called, and counts its calls. */
function database(json: string, mark: string) {
  const db = { json, mark, reads: 0, read: async () => (db.reads++, entry(db.json, db.mark)) };
  return db;
}

/** A request as the route makes it: it arrives, reads the site's version, then asks the cache. */
const ask = (cache: CalendarCache, mark: string, read: () => Promise<CachedCalendar>, key = KEY) =>
  cache.loadCurrent(key, NOW, 7, mark, cache.tick(), read);

const turn = () => new Promise((r) => setTimeout(r, 0));

describe('CalendarCache version check', () => {
  it("answers a cached window while the site's version is the one it was read with", async () => {
    const cache = new CalendarCache(silentBus);
    const db = database('{"v":1}', 'mark-a');
    await ask(cache, 'mark-a', db.read);
    const again = await ask(cache, 'mark-a', db.read);
    expect(again.json).toBe('{"v":1}');
    expect(db.reads).toBe(1);
  });

  it('reads again once the version has moved, although no message said so', async () => {
    const cache = new CalendarCache(silentBus);
    const db = database('{"v":1}', 'mark-a');
    await ask(cache, 'mark-a', db.read);
    Object.assign(db, { json: '{"v":2}', mark: 'mark-b' });
    const after = await ask(cache, 'mark-b', db.read);
    expect(after.json).toBe('{"v":2}');
    expect(db.reads).toBe(2);
    // The new reply is what the cache keeps for the next reader at that version.
    expect((await ask(cache, 'mark-b', db.read)).json).toBe('{"v":2}');
    expect(db.reads).toBe(2);
  });

  it('does not hand a read that began before a change to a reader who came after it', async () => {
    const cache = new CalendarCache(silentBus);
    let finishFirst: (value: CachedCalendar) => void = () => undefined;
    const first = ask(cache, 'mark-a', () => new Promise<CachedCalendar>((resolve) => (finishFirst = resolve)));
    await turn(); // the first read is under way
    const second = ask(cache, 'mark-b', async () => entry('{"v":2}', 'mark-b'));
    await turn();
    finishFirst(entry('{"v":1}', 'mark-a'));
    expect((await first).json).toBe('{"v":1}');
    expect((await second).json).toBe('{"v":2}');
  });

  it('shares a read in flight with readers at the same version', async () => {
    const cache = new CalendarCache(silentBus);
    const db = database('{"v":1}', 'mark-a');
    const [a, b] = await Promise.all([ask(cache, 'mark-a', db.read), ask(cache, 'mark-a', db.read)]);
    expect([a.json, b.json]).toEqual(['{"v":1}', '{"v":1}']);
    expect(db.reads).toBe(1);
  });

  it('under a stream of changes, the readers who came during a read share the one after it', async () => {
    const cache = new CalendarCache(silentBus);
    const releases: Array<() => void> = [];
    let reads = 0;
    // Each read answers the version current when it begins, then waits until released.
    const read = () => {
      const mark = `mark-${++reads}`;
      return new Promise<CachedCalendar>((resolve) => releases.push(() => resolve(entry(`{"v":"${mark}"}`, mark))));
    };
    const first = ask(cache, 'mark-0', read);
    await turn();
    // Four readers arrive while it runs, each after a change (their versions differ from anything read yet).
    const later = [1, 2, 3, 4].map((n) => ask(cache, `mark-after-${n}`, read));
    await turn();
    releases[0]();
    expect((await first).json).toBe('{"v":"mark-1"}');
    await turn();
    expect(reads).toBe(2);
    releases[1]();
    expect((await Promise.all(later)).map((e) => e.json)).toEqual(Array(4).fill('{"v":"mark-2"}'));
  });
});

describe('CalendarCache byte budget', () => {
  it('lets the least recently used windows go once the replies outgrow it', async () => {
    // Each entry counts twice its text: 2 × 40 bytes; the budget holds two.
    const cache = new CalendarCache(silentBus, 160);
    const text = (n: number) => `{"window":${n}}`.padEnd(40, ' ');
    for (const n of [1, 2]) await ask(cache, 'm', async () => entry(text(n), 'm'), `k${n}`);
    expect(cache.heldBytes).toBe(160);
    // k1 is used again, so k2 is now the least recently used and leaves when k3 arrives.
    await ask(cache, 'm', async () => entry('unused', 'm'), 'k1');
    await ask(cache, 'm', async () => entry(text(3), 'm'), 'k3');
    expect(cache.size).toBe(2);
    expect(cache.get('k1', NOW)?.json).toBe(text(1));
    expect(cache.get('k2', NOW)).toBeUndefined();
    expect(cache.get('k3', NOW)?.json).toBe(text(3));
    expect(cache.heldBytes).toBe(160);
  });

  it('keeps no reply larger than the whole budget', async () => {
    const cache = new CalendarCache(silentBus, 100);
    await ask(cache, 'm', async () => entry('x'.repeat(60), 'm'));
    expect(cache.size).toBe(0);
    expect(cache.heldBytes).toBe(0);
  });
});

describe('compressed replies', () => {
  const json = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => [i, 'Employee', 7.6]) });

  it('are made once per entry and decompress to the text', async () => {
    const cached = entry(json, 'm');
    const br = encodedReply(cached, 'br')!;
    expect(encodedReply(cached, 'br')).toBe(cached.encoded.br);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(encodedReply(cached, 'gzip')!).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length / 4);
  });

  it('leave small replies and clients that accept neither uncompressed', () => {
    expect(encodedReply(entry('{"a":1}', 'm'), 'br')).toBeUndefined();
    expect(encodedReply(entry(json, 'm'), undefined)).toBeUndefined();
  });

  it("continue the window's deflated text with the first load's shell: one valid gzip, byte for byte the joined text", async () => {
    const cached = entry(JSON.stringify({ employees: [[1, 'Zoë Ångström', 90]], rows: Array(300).fill([7.6, 'x']) }), 'm');
    const tail = ',"shell":{"me":{"user":"Łukasz"}}}';
    const joined = `${cached.json.slice(0, -1)}${tail}`;
    expect(gunzipSync(gzipWithTail(cached, tail)).toString()).toBe(joined);
    // The window's part is deflated once and reused by the next first load.
    const open = cached.open;
    expect(gunzipSync(gzipWithTail(cached, ',"shell":null}')).toString()).toBe(`${cached.json.slice(0, -1)},"shell":null}`);
    expect(cached.open).toBe(open);
    expect(JSON.parse(gunzipSync(gzipWithTail(cached, tail)).toString()).shell.me.user).toBe('Łukasz');
  });

  it('follow what the client accepts', () => {
    expect(pickEncoding('br, gzip')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br', ['gzip'])).toBeUndefined();
  });
});
