import { readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Database } from '../../src/server/db/client';
import { backupPglite, restorePglite } from '../../src/server/ops/backup';

/** A PGlite backup restored into a fresh folder holds the same rows, table by table, as the original. */
const base = path.resolve(`.test-data/backup-${process.pid}`);

async function tableFingerprints(database: Database): Promise<Record<string, string>> {
  const client = database.pglite!;
  const tables = await client.query<{ name: string }>(`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    // Row count and an order-independent checksum of every row's text.
    const r = await client.query<{ n: number; sum: string }>(`select count(*)::int as n, coalesce(sum(hashtext(t::text)::bigint), 0)::text as sum from ${name} t`);
    out[name] = `${r.rows[0].n}:${r.rows[0].sum}`;
  }
  return out;
}

describe('backup and restore (PGlite)', () => {
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('restores the demo database into a fresh folder with identical tables, and refuses a non-empty one', { timeout: 120_000 }, async () => {
    if (inject('postgresUrl')) return; // PostgreSQL backups are pg_dump/pg_restore
    rmSync(base, { recursive: true, force: true });
    const original = path.join(base, 'original');
    const restored = path.join(base, 'restored');
    const file = path.join(base, 'backup.tar.gz');
    const seeded = await openPglite({ dataDir: original, loadDataDir: new Blob([readFileSync(inject('pgliteSnapshotPath'))]) });
    const before = await tableFingerprints(seeded);
    await seeded.close();
    expect(Number(before['public.site_users'].split(':')[0])).toBeGreaterThanOrEqual(3); // admin@, user@, viewer@

    await backupPglite(original, file);
    await restorePglite(file, restored, false);
    const copy = await openPglite({ dataDir: restored });
    try {
      expect(await tableFingerprints(copy)).toEqual(before);
    } finally {
      await copy.close();
    }

    const occupied = path.join(base, 'occupied');
    mkdirSync(occupied, { recursive: true });
    writeFileSync(path.join(occupied, 'something'), 'x');
    await expect(restorePglite(file, occupied, false)).rejects.toThrow(`${occupied} is not empty; pass --force to replace it`);
    await restorePglite(file, occupied, true);
  });
});
