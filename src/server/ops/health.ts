import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database } from '../db/client';
import type { App } from '../http/types';
import type { OpsState } from './state';

/** How long /readyz waits for the database before calling it unreachable. */
const DB_CHECK_TIMEOUT_MS = 2_000;

/** Migrations shipped with this build: the entries of drizzle's journal next to the SQL files. */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export type ReadinessCheck = 'database' | 'migrations' | 'jobs' | 'shutdown';

/**
 * GET /healthz: the process is alive and its event loop answers (no database call), for a liveness probe; 503
 * once an embedded (PGlite) database has stopped, which nothing but a restart mends.
 * GET /readyz: this instance can serve requests: database reachable, every shipped migration applied, job
 * runner started, not shutting down; else 503 naming what failed, for a readiness probe / load balancer.
 * Both sit outside /api, need no session and cost at most two tiny queries.
 */
export function registerHealthRoutes(app: App, deps: { database: Database; ops?: OpsState }): void {
  const expected = shippedMigrations();
  let migrationsSeen = false; // once applied they stay applied: checked until first seen

  app.get('/healthz', { config: { access: 'public' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    // PostgreSQL comes back by itself and the pool reconnects; an embedded database whose thread stopped does
    // not, so only a restart helps: the liveness probe fails and the supervisor restarts the process.
    if (deps.database.pglite?.closed && !deps.ops?.shuttingDown)
      return reply.status(503).send({ status: 'embedded database stopped; restart the process' });
    return reply.send({ status: 'ok' });
  });

  app.get('/readyz', { config: { access: 'public' } }, async (req, reply) => {
    const failed: Partial<Record<ReadinessCheck, string>> = {};
    try {
      await withTimeout(deps.database.db.execute(sql`select 1`), DB_CHECK_TIMEOUT_MS);
      if (!migrationsSeen) {
        const result = await deps.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        const applied = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
        if (applied >= expected) migrationsSeen = true;
        else failed.migrations = `${applied} of ${expected} applied`;
      }
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'readiness: database unreachable');
      failed.database = 'unreachable';
    }
    if (!deps.ops?.jobsStarted) failed.jobs = 'job runner not started';
    if (deps.ops?.shuttingDown) failed.shutdown = 'shutting down';
    const ok = Object.keys(failed).length === 0;
    reply.header('Cache-Control', 'no-store').status(ok ? 200 : 503);
    return ok ? { status: 'ready' } : { status: 'not ready', failed };
  });
}
