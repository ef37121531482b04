import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPglite } from '../../src/server/db/client';
import { notes } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from './harness';
import { BUILT_SERVER } from '../built-server';

/**
 * SIGTERM during a burst of writes: the server (a real child process on PGlite) stops accepting, finishes the
 * requests it had taken, closes their connections, closes the database and exits 0, and every write it
 * acknowledged is stored. It needs no force: the grace period never runs out.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('graceful shutdown', () => {
  const dataDir = path.resolve(`.test-data/shutdown-${process.pid}`);
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged write and exits 0', { timeout: 180_000 }, async () => {
    if (inject('postgresUrl')) return; // the child runs on a PGlite folder made from the seeded snapshot
    rmSync(dataDir, { recursive: true, force: true });
    const seeded = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteSnapshotPath'))]) });
    await seeded.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, BUILT_SERVER, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: '15000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (b: Buffer) => {
        output += b.toString();
        if (output.includes('Hoursight is running')) resolve();
      });
      child!.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
    });

    const headers = { 'content-type': 'application/json', origin: base };
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    const acknowledged: number[] = [];
    let refused = 0;
    let firstAck!: () => void;
    const someAcknowledged = new Promise<void>((r) => (firstAck = r));
    const write = async (i: number) => {
      try {
        const res = await fetch(`${base}/api/notes`, {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify({ title: `burst ${i}`, description: '', startDate: '2026-12-01', color: '#3b82f6' }),
        });
        if (res.status === 201) {
          acknowledged.push(((await res.json()) as { id: number }).id);
          if (acknowledged.length === 5) firstAck();
        } else refused++;
      } catch {
        refused++; // connection refused once the server stopped listening: never acknowledged
      }
    };
    const burst = Array.from({ length: 60 }, (_, i) => write(i));
    await someAcknowledged;
    child.kill('SIGTERM');
    await Promise.all(burst);
    expect(await exited).toBe(0);
    // Connections kept alive after their answers would have held the stop open until the grace period's end.
    expect(output).not.toContain('grace period over');

    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    expect(acknowledged.length + refused).toBe(60);
    const reopened = await openPglite({ dataDir });
    try {
      const stored = await reopened.db.select({ id: notes.id }).from(notes).where(inArray(notes.id, acknowledged));
      expect(stored.length).toBe(acknowledged.length);
    } finally {
      await reopened.close();
    }
  });
});
