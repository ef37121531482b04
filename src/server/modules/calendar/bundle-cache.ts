import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { TCalendarQuery } from '../../../shared/contracts/calendar-bundle';
import type { Actor } from '../../auth/access';
import { BROTLI_ON_THE_FLY } from '../../http/web-assets';
import { BusCache } from '../../live/bus-cache';
import type { LiveBus } from '../../live/bus';
import type { CalendarData } from './bundle';

export type Encoding = 'br' | 'gzip';

/**
 * A window's reply as the database built it, the site's data version it was read with, and its compressed
 * forms, each made once, when first asked for (decision 077).
 */
export interface CachedCalendar {
  json: string;
  mark: string;
  /** The cache's `tick()` when its read began: a request that arrived before it got a fresh read (a miss). */
  begun: number;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The text without its closing brace, deflated up to a byte boundary: the first load's reply continues it. */
  open?: OpenDeflate;
}

interface OpenDeflate {
  deflated: Buffer;
  crc: number;
  bytes: number;
}

export const CALENDAR_CACHE_TTL_MS = 10_000;

const FULL_VIEW = 'full';
/**
 * Which reply a caller gets (decision 106): everyone but Staff the site's full one; a Staff user the one for their
 * own employee. Part of the cache key and the ETag, so neither can hand one's reply to the other.
 */
export const replyView = (actor: Pick<Actor, 'isStaff' | 'employeeId'>): string =>
  actor.isStaff ? `staff-${actor.employeeId ?? 'none'}` : FULL_VIEW;
/**
 * What the cached replies may hold together. A reply is about 0.2 kB per employee (decision 077), so a
 * 1,000-employee site's window is ~200 kB with its compressed forms: ~80 such windows, far more small ones.
 */
export const CALENDAR_CACHE_BYTES = 16 * 1024 * 1024;
/** Below this a reply goes uncompressed, as the server's other replies (the compression plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

// As the server's compression of other replies: made on the request path for every change's first read.
const BROTLI = { params: BROTLI_ON_THE_FLY };

/**
 * The calendar read's per-instance cache (decisions 049, 066 and 077): the reply depends only on the site, its
 * business, the query and whether the caller is Staff (and which employee is theirs, decision 106). An entry is answered only while the site's data version (its
 * marks, migration 0016) is still the one it was read with, so a change committed anywhere before a read
 * began is in that read's reply, whatever the live bus did. The bus's change messages (and app.ts, for the
 * writer's own site) still drop a site's entries early, which frees their memory. Entries are counted in
 * bytes, the text twice over (its compressed forms are a fraction of it), and the least recently used leave first.
 */
export class CalendarCache extends BusCache<CachedCalendar> {
  constructor(bus: Pick<LiveBus, 'isUp' | 'onMessage' | 'onStatus'> | undefined, maxBytes = CALENDAR_CACHE_BYTES) {
    super(bus, {
      ttlMs: CALENDAR_CACHE_TTL_MS,
      maxEntries: 10_000,
      maxBytes,
      sizeOf: (entry) => 2 * entry.json.length,
      invalidates: (m) => {
        if (m.t === 'data') return m.site === undefined ? 'all' : { site: m.site };
        // The announcer's own change messages: data maintenance and the like.
        if (m.t === 'change') return { site: m.site };
        return undefined;
      },
    });
  }

  /**
   * The window's reply, from memory when the site's version now (`mark`, read after the request arrived at
   * `arrived`) is the one the entry was read with, else from `read`, shared as `BusCache.load` says.
   */
  loadCurrent(key: string, now: Date, site: number, mark: string, arrived: number, read: () => Promise<CachedCalendar>) {
    return this.load(key, now, site, read, (entry) => entry.mark === mark, arrived);
  }

  /** The stored reply of `key` if the site's version now is still `mark`: a hit, no read at all. */
  stored(key: string, now: Date, mark: string): CachedCalendar | undefined {
    const entry = this.get(key, now);
    return entry?.mark === mark ? entry : undefined;
  }

  /** `view`: whose reply (`replyView`); the full one unless named, so a Staff reply is never kept under its key. */
  static key(actor: Pick<Actor, 'siteId' | 'businessId'>, q: TCalendarQuery, view = FULL_VIEW): string {
    return [actor.siteId, actor.businessId, q.startDate, q.endDate, q.dayChangesStartDate ?? '', q.dayChangesEndDate ?? '', view].join('|');
  }

  static entry(data: CalendarData, begun: number): CachedCalendar {
    return { json: data.json, mark: data.mark, begun, encoded: {} };
  }
}

/**
 * The reply's bytes in `encoding`, compressed once per entry; undefined: send the text. On the event loop, not
 * libuv's threads: it runs once per database read, ~1 ms for a 300-employee window, and on the threads each
 * compression left its memory in that thread's allocator arena (the bench's server held ~170 MB more, decision 077).
 */
export function encodedReply(entry: CachedCalendar, encoding: Encoding | undefined): Buffer | undefined {
  if (!encoding || entry.json.length < COMPRESS_FROM_BYTES) return undefined;
  return (entry.encoded[encoding] ??= encoding === 'br' ? brotliCompressSync(entry.json, BROTLI) : gzipSync(entry.json));
}

/** The encoding to answer in: the first of `offered` the client accepts (q=0 refuses one), else none. */
export function pickEncoding(acceptEncoding: string | undefined, offered: Encoding[] = ['br', 'gzip']): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return offered.find(ok);
}

/**
 * The reply with `tail` in place of its closing brace (the first load's shell, decision 077), gzipped without
 * compressing the window's text again: a gzip member's deflate stream is the entry's text deflated once and
 * ended with a sync flush (byte-aligned, not final), then `tail` deflated on its own as the final blocks, which
 * reach back only into itself; the trailer's CRC-32 and length cover both.
 */
export function gzipWithTail(entry: CachedCalendar, tail: string): Buffer {
  const open = (entry.open ??= openDeflate(entry.json.slice(0, -1)));
  const end = Buffer.from(tail);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(end, open.crc), 0);
  trailer.writeUInt32LE((open.bytes + end.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, open.deflated, deflateRawSync(end), trailer]);
}

/** On the event loop, as `encodedReply` says why. */
function openDeflate(head: string): OpenDeflate {
  const bytes = Buffer.from(head);
  return { deflated: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(bytes), bytes: bytes.length };
}

/** Magic, deflate, no flags, no time, no extra flags, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
