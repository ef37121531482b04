import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The app's handle on PGlite running in its own worker thread (pglite-worker.mjs, decision 035). It
 * offers the part of PGlite's API that drizzle's pglite driver, its migrator, pg-boss's `fromPglite`
 * adapter, the test harness and backups use: query, exec, transaction, dumpDataDir, close.
 *
 * - Transactions are pinned: `transaction(fn)` holds PGlite's transaction lock in the worker, and
 *   only calls made through `fn`'s argument run until it ends, exactly as in-thread PGlite.
 * - Errors arrive with PostgreSQL's fields (code, constraint, detail…) so SQLSTATE mapping works.
 * - After `close()` (or if the worker dies) every call rejects with "PGlite is closed", the same
 *   message in-thread PGlite gives, which the error handler answers as 503.
 */

type Reply = [id: number, failed: 0 | 1, value: unknown];
type Compact = [names: string[], types: number[], values: unknown[], rowCount: number, affectedRows: number | null];

/** A database error re-raised on the app's thread, with the worker's fields copied onto it. */
export class PGliteThreadError extends Error {
  code?: string;
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message));
    for (const [k, v] of Object.entries(fields)) if (k !== 'message' && k !== 'stack') (this as Record<string, unknown>)[k] = v;
  }
}

const CLOSED = 'PGlite is closed';

export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

function checkOptions(options?: QueryOptions): void {
  if (options?.serializers || options?.blob || options?.onNotice)
    throw new Error('pglite thread: serializers, blob and onNotice are not supported across the thread');
}

function expand<T>(c: Compact, options?: QueryOptions): Results<T> {
  const [names, types, values, rowCount, affectedRows] = c;
  const width = names.length;
  const parsers = options?.parsers;
  // Caller-given parsers see the raw text (the worker leaves those types unparsed); drizzle's are identity.
  const parse: Array<((v: string, t: number) => unknown) | undefined> = parsers ? types.map((t) => parsers[t]) : [];
  const hasParse = parse.some(Boolean);
  const rows: unknown[] = new Array(rowCount);
  const asArray = options?.rowMode === 'array';
  for (let r = 0, o = 0; r < rowCount; r++, o += width) {
    if (asArray) {
      const row = values.slice(o, o + width);
      if (hasParse) for (let i = 0; i < width; i++) if (parse[i] && row[i] !== null) row[i] = parse[i]!(row[i] as string, types[i]);
      rows[r] = row;
    } else {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const v = values[o + i];
        row[names[i]] = hasParse && parse[i] && v !== null ? parse[i]!(v as string, types[i]) : v;
      }
      rows[r] = row;
    }
  }
  const fields = names.map((name, i) => ({ name, dataTypeID: types[i] }));
  return { rows: rows as Results<T>['rows'], fields, affectedRows: affectedRows ?? undefined } as Results<T>;
}

/*
 * One thread whose database was closed cleanly, kept for the next `create`: starting a thread (an isolate,
 * PGlite's JavaScript loaded and warmed again) cost about as much as loading the database itself, and the
 * integration suite opens a database per test file. Unreferenced, so it never keeps a process alive.
 */
let parked: Worker | undefined;

/** Only the events a PGliteThread listens to: Node keeps listeners of its own on a Worker. */
function forgetListeners(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

function park(worker: Worker): void {
  forgetListeners(worker);
  const forget = () => {
    if (parked === worker) parked = undefined;
  };
  worker.once('exit', forget);
  worker.on('error', forget);
  worker.unref();
  parked = worker;
}

/** The reply id the worker uses for a notification (ids of calls start at 1; 0 is "ready"). */
const NOTIFICATION = -1;

export class PGliteThread {
  #worker: Worker;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #next = 1;
  #closed = false;
  #ready: Promise<void>;
  #listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(options: { dataDir?: string; loadDataDir?: ArrayBuffer }, reused: Worker | undefined) {
    const transferList = options.loadDataDir ? [options.loadDataDir] : [];
    if (reused) {
      this.#worker = reused;
      forgetListeners(reused);
      reused.ref();
      reused.postMessage([0, 'open', options], transferList);
    } else {
      this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options, transferList });
    }
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    this.#worker.on('message', (reply: Reply) => {
      const [id, failed, value] = reply;
      // A NOTIFY: posted by the worker before the reply of the statement that committed it.
      if (id === NOTIFICATION) {
        const [channel, payload] = value as [string, string];
        this.#listeners.get(channel)?.forEach((cb) => cb(payload));
        return;
      }
      const entry = this.#pending.get(id);
      if (!entry) return;
      this.#pending.delete(id);
      if (failed) entry.reject(new PGliteThreadError(value as Record<string, unknown>));
      else entry.resolve(value);
    });
    const fail = (err: Error) => {
      this.#closed = true;
      for (const entry of this.#pending.values()) entry.reject(new Error(`${CLOSED} (${err.message})`));
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`database thread exited with code ${code}`)));
  }

  /** Starts the thread and opens (or creates, or loads) the database in it. */
  static async create(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const reused = parked;
    parked = undefined;
    const thread = new PGliteThread({ dataDir: options.dataDir, loadDataDir }, reused);
    try {
      await thread.#ready;
    } catch (err) {
      await thread.#worker.terminate();
      throw err;
    }
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The worker thread's id: a thread is reused once its previous database was closed cleanly. */
  get threadId(): number {
    return this.#worker.threadId;
  }

  #call(op: string, ...args: unknown[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error(CLOSED));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage([id, op, ...args]);
    });
  }

  #query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx: number): Promise<Results<T>> {
    checkOptions(options);
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : null;
    return this.#call('query', sql, params ?? [], rawTypes, tx, options?.paramTypes ?? null).then((c) => expand<T>(c as Compact, options));
  }

  #exec(sql: string, options: QueryOptions | undefined, tx: number): Promise<Results[]> {
    checkOptions(options);
    return this.#call('exec', sql, tx).then((list) => (list as Compact[]).map((c) => expand(c, options)));
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, 0);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options, 0);
  }

  /** Runs `fn` in one transaction: committed when it returns, rolled back when it throws or calls rollback(). */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.#call('begin')) as number;
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.#call('end', txId, commit);
    };
    const guard = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (sql, params, options) => (guard(), this.#query(sql, params, options, txId)),
      exec: async (sql, options) => (guard(), this.#exec(sql, options, txId)),
      rollback: () => (guard(), end(false)),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await end(false).catch(() => undefined);
      throw err;
    }
    await end(true);
    return result;
  }

  /** PGlite's LISTEN: `callback` hears each NOTIFY on `channel`, in order with the statements' replies. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      this.#listeners.set(channel, (set = new Set()));
      await this.#call('listen', channel);
    }
    set.add(callback);
    return async () => void set.delete(callback);
  }

  /** The data folder as a tar (PGlite's dumpDataDir), e.g. for the test snapshot or a backup. */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.#call('dump', compression)) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    let clean = false;
    try {
      await this.#call('close');
      clean = this.#pending.size === 0;
    } finally {
      this.#closed = true;
      if (clean && !parked) park(this.#worker);
      else await this.#worker.terminate();
    }
  }
}
