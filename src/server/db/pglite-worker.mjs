/**
 * The embedded database's own thread (decision 035). PGlite is WebAssembly that runs each statement to
 * completion on the thread that calls it; here that thread is this worker, so the app's event loop
 * keeps accepting and answering requests while a query runs.
 *
 * Plain JavaScript so the same file runs under tsx, vitest and the esbuild bundle in dist/.
 *
 * Messages in:  [id, op, ...args]. Replies: [id, 0, value] or [id, 1, error fields]; a NOTIFY heard
 * after `listen` comes as [-1, 0, [channel, payload]].
 * Query results travel compactly: field names and type ids once, then every value in one flat array,
 * which the structured clone copies far faster than one object per row.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs must run as a worker thread');

/** Transactions open on behalf of the app, by id: each holds PGlite's transaction lock until it ends. */
const transactions = new Map();
/** How to end each of them: resolve `finish` with true to commit, false to roll back; `settled` then tells how it went. */
const ending = new Map();
let nextTransaction = 1;

const identity = (value) => value;

/** Errors keep PostgreSQL's fields (code, constraint, detail…), which the app maps to 4xx answers. */
function errorFields(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { message: err.message, name: err.name };
  for (const key of Object.keys(err)) {
    const value = err[key];
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    out[key] = value;
  }
  return out;
}

function compact(result) {
  const fields = result.fields ?? [];
  const names = fields.map((f) => f.name);
  const types = fields.map((f) => f.dataTypeID);
  const values = [];
  for (const row of result.rows) for (let i = 0; i < row.length; i++) values.push(row[i]);
  return [names, types, values, result.rows.length, result.affectedRows ?? null];
}

async function runQuery(target, sql, params, rawTypes, paramTypes) {
  // Always array mode: the caller rebuilds objects when it asked for them.
  const options = { rowMode: 'array' };
  if (rawTypes && rawTypes.length) {
    options.parsers = {};
    for (const t of rawTypes) options.parsers[t] = identity;
  }
  if (paramTypes) options.paramTypes = paramTypes;
  return compact(await target.query(sql, params ?? [], options));
}

async function runExec(target, sql) {
  const results = await target.exec(sql, { rowMode: 'array' });
  return results.map(compact);
}

function openTransaction(db) {
  return new Promise((opened, failed) => {
    const id = nextTransaction++;
    let finish;
    const ended = new Promise((resolve) => (finish = resolve));
    const settled = db
      .transaction(async (tx) => {
        transactions.set(id, tx);
        opened(id);
        // Waits for the app's commit or rollback; meanwhile only this transaction's calls reach PGlite.
        const commit = await ended;
        if (!commit && !tx.closed) await tx.rollback();
      })
      .finally(() => transactions.delete(id));
    settled.catch(failed);
    ending.set(id, { finish, settled });
  });
}

function target(db, txId) {
  if (!txId) return db;
  const tx = transactions.get(txId);
  if (!tx) throw new Error('Transaction is closed');
  return tx;
}

async function handle(db, op, args) {
  switch (op) {
    case 'query':
      return runQuery(target(db, args[3]), args[0], args[1], args[2], args[4]);
    case 'exec':
      return runExec(target(db, args[1]), args[0]);
    case 'begin':
      return openTransaction(db);
    case 'end': {
      const entry = ending.get(args[0]);
      if (!entry) throw new Error('Transaction is closed');
      ending.delete(args[0]);
      entry.finish(args[1]);
      await entry.settled;
      return null;
    }
    case 'dump': {
      // Under PGlite's transaction lock, so no transaction is half done in the copied files.
      const file = await db._runExclusiveTransaction(() => db.dumpDataDir(args[0]));
      return await file.arrayBuffer();
    }
    case 'listen':
      // Posted before the reply of the statement whose commit sent it, so the app hears it in order.
      await db.listen(args[0], (payload) => port.postMessage([-1, 0, [args[0], payload]]));
      return null;
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

let db;

/** Opens (or creates, or loads) a database; its outcome is the reply to id 0, "ready". */
async function open(options) {
  const { dataDir, loadDataDir } = options ?? {};
  try {
    db = await PGlite.create({ dataDir: dataDir || undefined, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined });
    port.postMessage([0, 0, 'ready']);
  } catch (err) {
    port.postMessage([0, 1, errorFields(err)]);
  }
}

await open(workerData);

port.on('message', (message) => {
  const [id, op, ...args] = message;
  // A thread whose database was closed cleanly may be handed the next one (pglite-thread.ts keeps it).
  if (op === 'open' && !db) {
    void open(args[0]);
    return;
  }
  if (!db) {
    port.postMessage([id, 1, { message: 'PGlite is closed' }]);
    return;
  }
  if (op === 'close') {
    const closing = db;
    db = undefined;
    closing.close().then(
      () => port.postMessage([id, 0, null]),
      (err) => port.postMessage([id, 1, errorFields(err)]),
    );
    return;
  }
  handle(db, op, args).then(
    (value) => port.postMessage([id, 0, value], value instanceof ArrayBuffer ? [value] : undefined),
    (err) => port.postMessage([id, 1, errorFields(err)]),
  );
});
