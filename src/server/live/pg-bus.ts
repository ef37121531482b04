import pg from 'pg';
import { mergeChanges, parseBusMessage, type BusMessage, type LiveBus } from './bus';

export const LIVE_CHANNEL = 'hoursight_live';
const MAX_BACKOFF_MS = 10_000;
/**
 * The listening connection is asked a trivial question this often, and lost when it has no answer within
 * HEARTBEAT_TIMEOUT_MS. A connection that went silent (a partition, a vanished host) sends no 'end', and
 * while it hangs on, notifications are missed and every instance's caches would serve stale reads.
 */
export const HEARTBEAT_MS = 2_000;
export const HEARTBEAT_TIMEOUT_MS = 3_000;

export interface PgBusOptions {
  /** Settings for the dedicated LISTEN connection (a pooled one would be handed to other queries). */
  client: pg.ClientConfig;
  /** Where NOTIFY is sent; any pooled connection will do. */
  pool: pg.Pool;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Announcements across instances through PostgreSQL LISTEN/NOTIFY on one dedicated connection. A lost
 * connection reports "down" (sockets go Offline) and is retried with exponential backoff until it is back.
 */
export async function createPgBus(opts: PgBusOptions): Promise<LiveBus> {
  const handlers: Array<(m: BusMessage) => void> = [];
  const statusHandlers: Array<(up: boolean) => void> = [];
  let client: pg.Client | undefined;
  let up = false;
  let closed = false;
  let backoff = 250;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const setUp = (value: boolean) => {
    if (up === value) return;
    up = value;
    statusHandlers.forEach((h) => h(value));
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client(opts.client);
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      const message = n.channel === LIVE_CHANNEL ? parseBusMessage(n.payload) : undefined;
      if (message) handlers.forEach((h) => h(message));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (err) {
      opts.log?.warn({ component: 'live', err: (err as Error).message }, 'live bus cannot listen; retrying');
      c.removeAllListeners('end');
      void c.end().catch(() => undefined);
      schedule();
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    backoff = 250;
    beat(c);
    setUp(true);
  };

  const beat = (c: pg.Client) => {
    clearInterval(heartbeat);
    let waiting = false;
    heartbeat = setInterval(() => {
      if (client !== c) return clearInterval(heartbeat);
      if (waiting) return;
      waiting = true;
      const timer = setTimeout(() => lost(c), HEARTBEAT_TIMEOUT_MS);
      c.query('select 1').then(
        () => {
          waiting = false;
          clearTimeout(timer);
        },
        () => {
          clearTimeout(timer);
          lost(c);
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };

  const schedule = () => {
    if (closed || retry) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, wait);
    retry.unref();
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    clearInterval(heartbeat);
    c.removeAllListeners('end');
    // end() would wait for a silent peer; the socket is dropped at once, so the statement it owes never comes.
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void c.end().catch(() => undefined);
    setUp(false);
    if (!closed) {
      opts.log?.warn({ component: 'live' }, 'live bus lost its connection; reconnecting');
      schedule();
    }
  };

  // Announcements made in the same turn of the event loop go out in one statement: under a burst of writes
  // that is one round trip for several of them. In order, neighbouring changes of one site merged
  // (mergeChanges); identical payloads may arrive once (PostgreSQL folds duplicates within a transaction),
  // which is all a listener needs of them.
  let batch: Array<{ message: BusMessage; done: (err?: Error) => void }> | undefined;
  const flush = async () => {
    const sending = batch ?? [];
    batch = undefined;
    try {
      const payloads = mergeChanges(sending.map((b) => b.message)).map((m) => JSON.stringify(m));
      await opts.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS m(p, n) ORDER BY n', [
        LIVE_CHANNEL,
        payloads,
      ]);
      sending.forEach((b) => b.done());
    } catch (err) {
      sending.forEach((b) => b.done(err as Error));
    }
  };

  await connect();
  return {
    kind: 'postgres',
    publish(message) {
      return new Promise<void>((resolve, reject) => {
        if (!batch) {
          batch = [];
          setImmediate(() => void flush());
        }
        batch.push({ message, done: (err) => (err ? reject(err) : resolve()) });
      });
    },
    onMessage: (h) => void handlers.push(h),
    onStatus: (h) => void statusHandlers.push(h),
    isUp: () => up,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      clearInterval(heartbeat);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
