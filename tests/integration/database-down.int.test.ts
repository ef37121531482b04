import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openPostgres, type Database } from '../../src/server/db/client';
import type { App } from '../../src/server/http/types';
import { createMailer } from '../../src/server/mail/mailer';
import { APP_URL, DEMO_PASSWORD, sessionCookie, startTestApp, type TestApp } from './harness';

/**
 * A database that cannot be reached answers 503 with a clear message, never 500, and the app recovers by
 * itself once it is back. On PostgreSQL the app talks through a TCP relay the test cuts and restores.
 */

const UNAVAILABLE = { message: 'The service is temporarily unavailable. Please try again in a moment.' };
const quiet = { info: () => undefined, warn: () => undefined };

describe('PGlite closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('answers 503 to a signed-in read and to a sign-in', async () => {
    if (t.database.kind !== 'pglite') return;
    const cookie = await t.login('admin@demo.example');
    await t.database.pglite!.close();
    const me = await t.get('/api/auth/me', cookie);
    expect(me.statusCode).toBe(503);
    expect(me.json()).toEqual(UNAVAILABLE);
    const login = await t.post('/api/auth/login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual(UNAVAILABLE);
    // Nothing brings an embedded database back but a restart: liveness fails so a supervisor restarts it.
    expect((await t.get('/healthz')).statusCode).toBe(503);
    expect((await t.get('/readyz')).statusCode).toBe(503);
  });
});

/** A relay from a local port to the PostgreSQL server that can be cut (every connection dropped) and restored. */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { start, cut, port: () => port };
}

describe('PostgreSQL unreachable', () => {
  let t: TestApp;
  let database: Database | undefined;
  let app: App | undefined;
  const link = { ...relay({ host: '', port: 0 }) };

  beforeAll(async () => {
    t = await startTestApp();
    if (t.database.kind !== 'postgres') return;
    const url = new URL((t.database.pool!.options as { connectionString: string }).connectionString);
    Object.assign(link, relay({ host: url.hostname, port: Number(url.port || 5432) }));
    await link.start();
    url.hostname = '127.0.0.1';
    url.port = String(link.port());
    database = await openPostgres(url.toString());
    const now = () => new Date();
    app = await buildApp({
      database,
      config: { appUrl: APP_URL },
      mailer: createMailer({ db: database.db, from: 'x@y.test', now, log: quiet }),
      now,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await link.cut().catch(() => undefined);
    await t?.close();
  });

  it('answers 503 while the database is cut off and recovers without a restart', async () => {
    if (!app) return; // PGlite run: covered above
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.example', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn)!;
    const me = () => app!.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);

    await link.cut();
    const down = await me();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual(UNAVAILABLE);
    expect(down.headers['retry-after']).toBe('5');
    // Still down on the next try: every connection is refused, not just the broken ones.
    expect((await me()).statusCode).toBe(503);

    await link.start();
    const back = await me();
    expect(back.statusCode).toBe(200);
    expect(back.json().user.email).toBe('admin@demo.example');
  });
});
