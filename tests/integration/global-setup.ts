import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { DEMO_PASSWORD as SEEDED_PASSWORD, ensureReferenceData, seedDemo } from '../../src/server/seed';
import { DEMO_PASSWORD, TEMPLATE_DATABASE, withDatabase } from './shared';
import { scanSuiteLogs } from './log-scan';
import { buildIfStale } from '../built-server';

/**
 * Runs once per `vitest run`: migrates and seeds the demo business a single time.
 * - PGlite (default): dumps the seeded data folder to `.test-data/` and hands its path to the workers;
 *   the harness loads a copy per test file (~0.4 s instead of ~2.7 s for initdb + migrate).
 * - PostgreSQL (`TEST_DATABASE_URL` set): builds the template database `hoursight_test_template`;
 *   the harness creates each test file's database from it with `CREATE DATABASE ... TEMPLATE`.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: the seeded snapshot (an uncompressed tar of the data folder). */
    pgliteSnapshotPath: string;
    /** PostgreSQL mode: the server URL tests connect through, and this run's database-name prefix. */
    postgresUrl: string;
    runId: string;
    /** Where every test app writes its log lines for the log-secret scan; '' when the scan is off. */
    suiteLogDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function seed(database: Database): Promise<void> {
  if (SEEDED_PASSWORD !== DEMO_PASSWORD) throw new Error('tests/integration/shared.ts DEMO_PASSWORD differs from the seed’s');
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  await seedDemo(database.db, new Date());
}

/**
 * PGlite serves the `postgres` database; `template0` and `template1` are only there for CREATE DATABASE,
 * which no test runs. Without them the snapshot is 27 MB instead of 42, and loading a copy for each test
 * file costs a third less (about 20 CPU-seconds over the suite).
 */
async function dropTemplateDatabases(database: Database): Promise<void> {
  const pglite = database.pglite!;
  await pglite.query(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  // DROP DATABASE refuses a transaction block, so one statement per call.
  await pglite.query('drop database template0');
  await pglite.query('drop database template1');
}

async function adminQuery(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  // The shutdown, backup and upgrade tests start the compiled server as a child process.
  buildIfStale();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('runId', runId);
  const url = process.env.TEST_DATABASE_URL;
  // Every test app's log goes here; the teardown fails the run if a secret reached any line (decision 045).
  const logDir = path.join(root, '.test-data', `logs-${runId}`);
  mkdirSync(logDir, { recursive: true });
  project.provide('suiteLogDir', logDir);
  const scanLogs = () => {
    const result = scanSuiteLogs(logDir);
    rmSync(logDir, { recursive: true, force: true });
    if (result.findings.length) {
      // Vitest prints a teardown error but keeps its exit code: set it, so CI fails.
      process.exitCode = 1;
      throw new Error(`Secrets in the integration suite's logs (${result.findings.length}):\n${result.findings.slice(0, 20).join('\n')}`);
    }
    console.log(
      `Log-secret scan: ${result.lines} log lines from ${result.files} workers, ${result.secrets} recorded secrets, none found in the logs.`,
    );
  };

  if (!url) {
    const database = await openPglite();
    let blob: Blob;
    try {
      await seed(database);
      await dropTemplateDatabases(database);
      blob = await database.pglite!.dumpDataDir('none');
    } finally {
      await database.close();
    }
    const dir = path.join(root, '.test-data');
    mkdirSync(dir, { recursive: true });
    // One file per run, so concurrent runs in the same checkout do not trample each other.
    const file = path.join(dir, `int-snapshot-${runId}.tar`);
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    project.provide('pgliteSnapshotPath', file);
    project.provide('postgresUrl', '');
    return () => {
      rmSync(file, { force: true });
      scanLogs();
    };
  }

  await adminQuery(url, [`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`, `CREATE DATABASE ${TEMPLATE_DATABASE}`]);
  const database = await openPostgres(withDatabase(url, TEMPLATE_DATABASE));
  try {
    await seed(database);
  } finally {
    // No connection may stay open on a template while databases are copied from it.
    await database.close();
  }
  project.provide('pgliteSnapshotPath', '');
  project.provide('postgresUrl', url);

  return async () => {
    // Files drop their own databases; this catches any a crashed worker left behind (this run's only).
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `hs_test_${runId}_%`,
      ]);
      for (const r of rows) await client.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
    scanLogs();
  };
}
