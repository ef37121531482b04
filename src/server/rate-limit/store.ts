import type { Database } from '../db/client';

/** What `RateLimiterPostgres` (storeType `pool`) calls on its store, and the part of the answer it reads. */
export interface LimiterQuery {
  name?: string;
  text: string;
  values?: unknown[];
}
export interface LimiterResult {
  rows: Array<Record<string, unknown>>;
  rowCount: number;
}
export interface LimiterStore {
  query(q: LimiterQuery): Promise<LimiterResult>;
}

/**
 * Where each statement the library sends carries a time (epoch ms, read from `Date.now()`): the positions in
 * `values`, and which of them is the library's own "now" (read when it built the statement). The library names
 * every statement but the table creation, which `tableCreated: true` never sends; a statement not listed here is
 * refused, so a library upgrade that adds one fails loudly instead of counting on the wrong clock.
 */
const TIMES: Record<string, { at: number[]; now?: number }> = {
  'rlflx-upsert': { at: [2, 3], now: 3 },
  'rlflx-upsert-force': { at: [2, 3], now: 3 },
  'rlflx-get': { at: [1], now: 1 },
  'rlflx-delete': { at: [] },
  'rlflx-clear-expired': { at: [0] },
};

type Run = (q: LimiterQuery) => Promise<LimiterResult>;

function runner(database: Database): Run {
  const { pool, pglite } = database;
  // node-postgres: a plain pool.query checks a connection out for this one statement and gives it back,
  // so pipeline mode (decision 054) changes nothing for it; the library's statement names are prepared
  // once per connection and never clash with the pipelined runner's own `hs_pipelined_*` names.
  if (pool)
    return (q) =>
      pool.query({ name: q.name, text: q.text, values: q.values }).then((r) => ({ rows: r.rows, rowCount: r.rowCount ?? r.rows.length }));
  if (!pglite) throw new Error('rate limits need PostgreSQL or PGlite');
  // PGlite (in its thread or not) has no prepared-statement names and says `affectedRows`, not `rowCount`.
  return async (q) => {
    const r = await pglite.query<Record<string, unknown>>(q.text, q.values ?? []);
    return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
  };
}

/**
 * The library's store on the app's database, on the app's clock. rate-limiter-flexible reads `Date.now()`
 * for window ends and for "now" in its statements; the app's clock is injected (tests move it). So each
 * time the library hands over is moved by (app clock − system clock) on the way in, and `expire` moved back
 * on the way out: the table holds app-clock times and the library's own sums (time left) stay right. With
 * the real clock the shift is zero.
 */
export function limiterStore(database: Database, now: () => Date): LimiterStore {
  const run = runner(database);
  return {
    async query(q) {
      const statement = q.name?.slice(q.name.indexOf(':') + 1);
      const times = statement === undefined ? undefined : TIMES[statement];
      if (!times) throw new Error(`rate limiter sent a statement the store does not know: ${q.name ?? q.text.slice(0, 40)}`);
      const values = [...(q.values ?? [])];
      // Measured from the library's own "now" in the statement, not from a later read of the system clock: a
      // statement that waited for the database would otherwise reach it with an app time that much earlier, and
      // a window ending exactly then would still look open.
      const own = times.now === undefined ? undefined : values[times.now];
      const shift = now().getTime() - (typeof own === 'number' ? own : Date.now());
      for (const i of times.at) if (typeof values[i] === 'number') values[i] = (values[i] as number) + shift;
      const result = await run({ ...q, values });
      // bigint arrives as text (node-postgres) or a BigInt (PGlite): the library wants a number.
      const rows = result.rows.map((row) =>
        'expire' in row ? { ...row, expire: row.expire === null ? null : Number(row.expire) - shift } : row,
      );
      return { rows, rowCount: result.rowCount };
    },
  };
}
