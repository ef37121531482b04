import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';
import * as schema from './schema';

/**
 * A short transaction whose statements travel together (decision 054). On PostgreSQL the pool's
 * connections run in pg's pipeline mode, so statements can be sent without waiting for the ones before:
 * `BEGIN` goes with the first batch and `COMMIT` with the last, and the statements of one batch leave in
 * one socket write. A create is two round trips instead of five. On PGlite, which has no socket, the same
 * code runs as an ordinary transaction, one statement after another.
 *
 * Statements of a batch run in the order given: each must be sent the moment it is started, which
 * drizzle's builders do (their `execute()` reaches the driver synchronously). The runner counts what
 * reached the driver and refuses a statement that did not, so a change in drizzle cannot reorder a lock
 * after the read it protects.
 */

/** A statement built but not sent: drizzle's builders (select, insert, update, delete) all are. */
export interface Statement<R = unknown> {
  execute(): Promise<R>;
}

type Results<T extends readonly Statement[]> = { [K in keyof T]: PromiseSettledResult<Awaited<ReturnType<T[K]['execute']>>> };

export interface PipelinedTx {
  /** The transaction, for statements sent one at a time. */
  db: Db;
  /**
   * Sends the statements back to back and answers how each ended, in order. After a failed statement the
   * later ones fail too (the transaction is aborted), so the caller reads them in order with `settled`.
   */
  batch<T extends readonly Statement[]>(...statements: T): Promise<Results<T>>;
  /**
   * A statement built once per connection with placeholders (drizzle's `.prepare(name)`), for the hottest
   * writes: building a large statement costs more than sending it. `build` must give the same statement
   * every time for one `key`. On PGlite it is built for each transaction.
   */
  prepared<P>(key: string, build: (db: Db) => P): P;
}

export interface PipelinedResult<T> {
  value: T;
  /** Statements whose results are not needed: they leave with `COMMIT`. */
  last?: readonly Statement[];
}

/** A batch result's value, or its error thrown. */
export function settled<R>(result: PromiseSettledResult<R>): R {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The first failure of a transaction's statements. A failed statement aborts a PostgreSQL transaction, and
 * its COMMIT then quietly rolls back; the runner throws it even when the body went on, so a caller never
 * takes a rolled-back write for a committed one.
 */
class FirstFailure {
  #error: { reason: unknown } | undefined;
  note(results: ReadonlyArray<PromiseSettledResult<unknown>>): void {
    if (this.#error) return;
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) this.#error = { reason: failed.reason };
  }
  throwIfAny(): void {
    if (this.#error) throw this.#error.reason;
  }
}

/** A pooled connection's own drizzle instance, over a client that counts the statements it was given. */
interface Wired {
  db: Db;
  sent: { count: number };
  query(text: string): Promise<unknown>;
  prepared: Map<string, unknown>;
}

const wired = new WeakMap<pg.PoolClient, Wired>();

/** Named (prepared) statements kept per connection; texts beyond this many are sent unnamed. */
const NAMED_PER_CONNECTION = 64;

/**
 * Gives each distinct statement text a name on this connection, so PostgreSQL parses and plans it once
 * per connection instead of every time (the engine's data read cost about 1 ms of planning). A name
 * always stands for one text: pg refuses a name reused with another.
 */
function named(names: Map<string, string>, config: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const c = config as { name?: string; text?: unknown };
  if (c.name || typeof c.text !== 'string') return config;
  let name = names.get(c.text);
  if (name === undefined && names.size < NAMED_PER_CONNECTION) {
    name = `hs_pipelined_${names.size}`;
    names.set(c.text, name);
  }
  return name ? { ...c, name } : config;
}

function wire(client: pg.PoolClient): Wired {
  let w = wired.get(client);
  if (!w) {
    const sent = { count: 0 };
    const names = new Map<string, string>();
    const counting = {
      query: (config: unknown, ...rest: unknown[]): Promise<unknown> => {
        sent.count++;
        return (client.query as (...a: unknown[]) => Promise<unknown>)(named(names, config), ...rest);
      },
    };
    w = {
      db: drizzlePg(counting as unknown as pg.PoolClient, { schema }) as unknown as Db,
      sent,
      query: (text) => counting.query(text),
      prepared: new Map(),
    };
    wired.set(client, w);
  }
  return w;
}

function startAll(statements: readonly Statement[], sent: { count: number }): Array<Promise<unknown>> {
  return statements.map((s) => {
    const before = sent.count;
    const p = s.execute();
    if (sent.count !== before + 1) {
      p.catch(() => undefined);
      throw new Error('pipelined statement was not sent when started; its order is not guaranteed');
    }
    return p;
  });
}

export interface PipelinedOptions {
  /**
   * The request's route announces this change on the live bus once it has answered (live/announce.ts), and
   * that announcement empties the site's calendar cache on every instance. The database's row triggers then
   * stay quiet for this transaction (migration 0013): a NOTIFY in a transaction makes its commit wait for
   * every other notifying commit of the database, so concurrent writes committed one at a time (decision 059).
   */
  announcedByRoute?: boolean;
}

/** Tells the row triggers of migration 0013 that the route announces this transaction's change. */
const ANNOUNCED_BY_ROUTE = "select set_config('hoursight.announced_by_route', 'on', true)";

async function onPostgres<T>(pool: pg.Pool, fn: (tx: PipelinedTx) => Promise<PipelinedResult<T>>, options: PipelinedOptions): Promise<T> {
  const client = await pool.connect();
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  const { db, sent, query, prepared: built } = wire(client);
  // BEGIN waits, corked, for the first batch; if the body's first statement is sent some other way, the
  // cork is released when this turn of the event loop ends.
  stream.cork();
  let corked = true;
  const flush = () => {
    if (corked) {
      corked = false;
      stream.uncork();
    }
  };
  setImmediate(flush);
  // BEGIN's outcome is read with the first batch's; the statements behind it were sent already.
  let begin: Promise<unknown> | undefined = query('begin');
  begin.catch(() => undefined);
  // Sent with BEGIN; should it fail, the statements after it fail too and report it.
  if (options.announcedByRoute) query(ANNOUNCED_BY_ROUTE).catch(() => undefined);
  const failure = new FirstFailure();
  const batch = async <S extends readonly Statement[]>(...statements: S): Promise<Results<S>> => {
    stream.cork();
    let started: Array<Promise<unknown>>;
    try {
      started = startAll(statements, sent);
    } finally {
      stream.uncork();
      flush();
    }
    const results = await Promise.allSettled(started);
    failure.note(results);
    if (begin) {
      const b = begin;
      begin = undefined;
      await b;
    }
    return results as Results<S>;
  };
  let broken: Error | undefined;
  try {
    const prepared = <P>(key: string, build: (db: Db) => P): P => {
      if (!built.has(key)) built.set(key, build(db));
      return built.get(key) as P;
    };
    const { value, last = [] } = await fn({ db, batch, prepared });
    failure.throwIfAny();
    await batch(...last, { execute: () => query('commit') });
    failure.throwIfAny();
    return value;
  } catch (error) {
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    throw error;
  } finally {
    flush();
    client.release(broken);
  }
}

async function inOrder(statements: readonly Statement[]): Promise<Array<PromiseSettledResult<unknown>>> {
  const out: Array<PromiseSettledResult<unknown>> = [];
  for (const s of statements)
    out.push(
      await s.execute().then(
        (value) => ({ status: 'fulfilled' as const, value }),
        (reason: unknown) => ({ status: 'rejected' as const, reason }),
      ),
    );
  return out;
}

export async function pipelinedTransaction<T>(
  db: Db,
  fn: (tx: PipelinedTx) => Promise<PipelinedResult<T>>,
  options: PipelinedOptions = {},
): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return onPostgres(client, fn, options);
  return db.transaction(async (tx) => {
    if (options.announcedByRoute) await tx.execute(sql.raw(ANNOUNCED_BY_ROUTE));
    const failure = new FirstFailure();
    const batch = async <S extends readonly Statement[]>(...statements: S) => {
      const results = await inOrder(statements);
      failure.note(results);
      return results as Results<S>;
    };
    const prepared = <P>(_key: string, build: (db: Db) => P): P => build(tx as unknown as Db);
    const { value, last = [] } = await fn({ db: tx as unknown as Db, batch, prepared });
    failure.throwIfAny();
    failure.note(await inOrder(last));
    failure.throwIfAny();
    return value;
  });
}
