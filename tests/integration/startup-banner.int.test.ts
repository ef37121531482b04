import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../src/server/db/client';
import { businesses, siteUsers } from '../../src/server/db/schema';
import { unsafeDemoSignIns } from '../../src/server/seed';
import { createSite, grantSite } from '../factories';
import { BUILT_SERVER } from '../built-server';
import { startTestApp } from './harness';

/**
 * The start-up banner (decision 116) lists every site of the demo business, Demo Large once `npm run seed:large`
 * has added it (as that script does: a site of the demo business, granted to the demo admin), and the address the
 * server really bound.
 */

const admin = { email: 'admin@demo.example', isAdmin: true, isReadOnly: false, isStaff: false };
const DEMO = {
  name: 'Demo',
  subdomain: 'demo',
  users: [
    { ...admin, granted: false },
    { email: 'user@demo.example', isAdmin: false, isReadOnly: false, isStaff: false, granted: false },
    { email: 'viewer@demo.example', isAdmin: false, isReadOnly: true, isStaff: false, granted: false },
    { email: 'staff@demo.example', isAdmin: false, isReadOnly: true, isStaff: true, granted: false },
  ],
};
const NORTH = { name: 'Demo North', subdomain: 'demo-north', users: [{ ...admin, granted: true }] };
const LARGE = { name: 'Demo Large', subdomain: 'demo-large', users: [{ ...admin, granted: true }] };

/** What `npm run seed:large` adds, without its 300 employees. */
async function addDemoLarge(db: Awaited<ReturnType<typeof openPglite>>['db']) {
  const [business] = await db.select().from(businesses).where(eq(businesses.name, 'Demo Business Ltd'));
  const site = await createSite(db, business!.id, { name: 'Demo Large', subdomain: 'demo-large' });
  const [owner] = await db.select().from(siteUsers).where(eq(siteUsers.email, 'admin@demo.example'));
  await grantSite(db, owner!.id, site.id);
}

describe('the demo sites the banner lists', () => {
  it('are the demo business’s sites with the demo users who reach each, Demo Large included once added', async () => {
    const t = await startTestApp();
    try {
      expect(await unsafeDemoSignIns(t.db)).toEqual([DEMO, NORTH]);
      await addDemoLarge(t.db);
      expect(await unsafeDemoSignIns(t.db)).toEqual([DEMO, NORTH, LARGE]);
    } finally {
      await t.close();
    }
  });
});

describe('the banner of a started server', () => {
  const dataDir = path.resolve(`.test-data/banner-${process.pid}`);
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the address bound and every demo site', { timeout: 120_000 }, async () => {
    if (inject('postgresUrl')) return; // the child runs on a PGlite folder made from the seeded snapshot
    rmSync(dataDir, { recursive: true, force: true });
    const seeded = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteSnapshotPath'))]) });
    await addDemoLarge(seeded.db);
    await seeded.close();
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    child = spawn(process.execPath, BUILT_SERVER, {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (b: Buffer) => {
        output += b.toString();
        if (output.includes('platform super-admin')) resolve();
      });
      child!.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    const exited = new Promise((resolve) => child!.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const lines = output.split('\n');
    const first = lines.findIndex((l) => l.startsWith('Hoursight is running at '));
    expect(lines[first]).toMatch(
      new RegExp(
        `^Hoursight is running at http://127\\.0\\.0\\.1:${port} \\(listening on 127\\.0\\.0\\.1:${port}; pglite, ready in \\d+\\.\\d s\\)$`,
      ),
    );
    const url = `http://127.0.0.1:${port}`;
    expect(lines.slice(first + 1, first + 12)).toEqual([
      `Demo sites (every demo sign-in's password is "hoursight-demo"; on ${url} an e-mail and password alone are enough):`,
      `  Demo         ${url} (site identifier demo)`,
      '    admin@demo.example       Admin',
      '    user@demo.example        User',
      '    viewer@demo.example      Read Only',
      '    staff@demo.example       Staff',
      `  Demo North   ${url} (site identifier demo-north)`,
      '    admin@demo.example       Admin, through the site switcher',
      `  Demo Large   ${url} (site identifier demo-large)`,
      '    admin@demo.example       Admin, through the site switcher',
      `  superadmin@demo.example    platform super-admin, at ${url}/admin`,
    ]);
  });
});
