/**
 * CSV import (decision 042): 10,000 exception rows, planned and written in one transaction exactly as
 * `POST /api/import/exceptions` does, on an embedded PGlite: ≤ 5 s. Each run imports into a fresh site, so
 * every run creates 10,000 rows. The CPU time is reported beside the wall time: on a shared, overloaded
 * machine the wall time mostly measures the queue for a core (PGlite runs in this process, so CPU counts it). Runnable alone (`tsx scripts/bench/feeds.ts`) or `npm run bench -- import`.
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { addDaysStr } from '../../src/shared/domain/dates';
import { mulberry32 } from '../../src/shared/domain/prng';
import { migrateDatabase, openPglite } from '../../src/server/db/client';
import { applyExceptions, planExceptions } from '../../src/server/modules/transfer';
import { siteIdForFixture, type Actor } from '../../src/server/auth/access';
import { createEmployee, createSite, createTenant } from '../../tests/factories';
import type { BenchResult } from './engine';

const TARGET_MS = 5_000;
const ROWS = 10_000;
const RUNS = 3;

export async function benchImport(): Promise<BenchResult> {
  const database = await openPglite();
  try {
    await migrateDatabase(database);
    const { db } = database;
    const tenant = await createTenant(db);
    const rand = mulberry32(17);
    const times: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const site = run === 0 ? tenant.site : await createSite(db, tenant.business.id);
      const names: string[] = [];
      for (let i = 0; i < 40; i++) names.push((await createEmployee(db, site.id, { name: `Employee ${i + 1}` })).name);
      const actor: Actor = {
        sessionId: 'bench',
        userId: tenant.admin.id,
        homeSiteId: site.id,
        currentSiteId: site.id,
        siteId: siteIdForFixture(site.id),
        businessId: tenant.business.id,
        username: 'bench',
        email: 'bench@example.test',
        isAdmin: true,
        isReadOnly: false,
        isStaff: false,
        employeeId: null,
      };
      const rows = Array.from({ length: ROWS }, (_, i) => {
        const start = addDaysStr('2031-01-06', Math.floor(rand() * 360));
        const partDay = rand() < 0.3;
        return `${names[i % names.length]},${['Annual Leave', 'Sick Leave', 'Training'][i % 3]},${start},${addDaysStr(start, partDay ? 0 : Math.floor(rand() * 4))},${partDay ? 'no' : 'yes'},${partDay ? '3.5' : ''},${rand() < 0.2 ? '"Cover arranged, see rota"' : ''}`;
      });
      const csv = ['Employee,Type,Start date,End date,Full day,Hours,Notes', ...rows].join('\n');
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const created = await db.transaction(async (tx) => {
        const plan = await planExceptions(tx, actor, csv, 'en-GB');
        if (plan.errors.length) throw new Error(`bench file has errors: ${JSON.stringify(plan.errors.slice(0, 3))}`);
        await applyExceptions(tx, actor, plan, new Date());
        return plan.rows.length;
      });
      times.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      if (created !== ROWS) throw new Error(`imported ${created} rows, expected ${ROWS}`);
    }
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ms = mid(times);
    return {
      name: `CSV import of ${ROWS.toLocaleString('en-GB')} exception rows (plan + one transaction, PGlite), runs ${times.map((t) => Math.round(t)).join('/')} ms, CPU median ${Math.round(mid(cpu))} ms`,
      medianMs: ms,
      targetMs: TARGET_MS,
      pass: ms <= TARGET_MS,
    };
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchImport();
  console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: median ${r.medianMs.toFixed(0)} ms (target ≤ ${r.targetMs} ms)`);
}
