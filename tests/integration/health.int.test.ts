import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../src/server/db/client';
import { createOpsState, type OpsState } from '../../src/server/ops/state';
import { startTestApp, type TestApp } from './harness';

/** /healthz and /readyz: no session needed, and /readyz names the part that is not ready. */
describe('health and readiness', () => {
  let t: TestApp;
  let ops: OpsState;
  beforeAll(async () => {
    ops = createOpsState();
    t = await startTestApp({ ops });
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined); // the last test closes its PGlite
  });

  it('/healthz answers 200 without a session', async () => {
    const res = await t.get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 naming the job runner until it has started, then 200', async () => {
    const before = await t.get('/readyz');
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not ready', failed: { jobs: 'job runner not started' } });
    ops.jobsStarted = true;
    const after = await t.get('/readyz');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 once shutdown has begun', async () => {
    ops.jobsStarted = true;
    ops.shuttingDown = true;
    const res = await t.get('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', failed: { shutdown: 'shutting down' } });
    ops.shuttingDown = false;
  });

  it('/readyz names missing migrations', async () => {
    const fresh = await startTestApp({ ops: { jobsStarted: true, shuttingDown: false } });
    try {
      // Count the SQL files the build ships, then forget the newest two applied as if this build were newer.
      const shipped = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
      await fresh.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id in (select id from drizzle.__drizzle_migrations order by created_at desc limit 2)`,
      );
      const res = await fresh.get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', failed: { migrations: `${shipped - 2} of ${shipped} applied` } });
    } finally {
      await fresh.close();
    }
  });

  it('/readyz names the database when it is unreachable (PGlite closed)', async () => {
    if (t.database.kind !== 'pglite') return;
    ops.jobsStarted = true;
    await t.database.pglite!.close();
    const res = await t.get('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', failed: { database: 'unreachable' } });
    // Liveness asks no query, but an embedded database that stopped comes back only with a restart (decision 103).
    expect((await t.get('/healthz')).statusCode).toBe(503);
  });
});
