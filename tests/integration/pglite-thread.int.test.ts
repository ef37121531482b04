import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from '../../src/server/db/pglite-thread';
import { isUniqueViolation, sqlStateOf } from '../../src/server/db/errors';

/** The PGlite worker thread's client (decision 035): transactions pinned, errors with their SQLSTATE, rows as asked. */
describe('PGlite in a worker thread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.create();
    await db.exec(`create table t (id int primary key, name text not null, day date); insert into t values (1, 'one', '2025-07-07');`);
  });
  afterAll(() => db?.close());

  it('returns rows as objects or arrays, dates as text when the caller keeps them raw', async () => {
    expect((await db.query('select id, name from t where id = $1', [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await db.query('select id, name from t', [], { rowMode: 'array' })).rows).toEqual([[1, 'one']]);
    const raw = await db.query('select day from t', [], { parsers: { 1082: (v: string) => `raw:${v}` } });
    expect(raw.rows).toEqual([{ day: 'raw:2025-07-07' }]);
    const [first, second] = await db.exec('select 1 as a; select 2 as b');
    expect([first.rows, second.rows]).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('keeps the SQLSTATE and constraint of a database error', async () => {
    const err = await db.query('insert into t values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(sqlStateOf(err)).toBe('23505');
    expect((err as { constraint?: string }).constraint).toBe('t_pkey');
  });

  it('commits a transaction, and rolls back one that throws or calls rollback()', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`insert into t values (2, 'two')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t values (3, 'three')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query(`insert into t values (4, 'four')`);
      await tx.rollback();
    });
    expect((await db.query('select id from t order by id', [], { rowMode: 'array' })).rows).toEqual([[1], [2]]);
  });

  it('holds other statements back until an open transaction ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query(`update t set name = 'inside' where id = 2`);
      // Sent while the transaction is open: must see its result only once it has committed.
      outside = db.query<{ name: string }>('select name from t where id = 2').then((r) => order.push(`outside saw ${r.rows[0].name}`));
      await new Promise((r) => setTimeout(r, 50));
      order.push('commit');
    });
    await outside;
    expect(order).toEqual(['commit', 'outside saw inside']);
  });

  it('answers every call after close with "PGlite is closed"', async () => {
    const other = await PGliteThread.create();
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow('PGlite is closed');
  });

  it('opens the next database in the thread of one closed cleanly, with only the new database’s data', async () => {
    const first = await PGliteThread.create();
    await first.exec(`create table kept (id int); insert into kept values (7);`);
    const dump = await first.dumpDataDir('none');
    await first.exec(`insert into kept values (8);`);
    const thread = first.threadId;
    await first.close();

    const empty = await PGliteThread.create();
    expect(empty.threadId).toBe(thread);
    expect((await empty.query(`select to_regclass('kept') as t`)).rows).toEqual([{ t: null }]);
    await empty.close();

    const loaded = await PGliteThread.create({ loadDataDir: dump });
    expect(loaded.threadId).toBe(thread);
    expect((await loaded.query('select id from kept', [], { rowMode: 'array' })).rows).toEqual([[7]]);
    await loaded.close();
    // Three fresh databases (two initdb runs and a load): about 8 s alone, past 30 s beside the other suites
    // of `npm test` on a loaded two-core machine.
  }, 90_000);
});
