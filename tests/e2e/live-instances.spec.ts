import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { DEMO, expect, test } from './fixtures';
import { BUILT_SERVER } from '../built-server';

/**
 * Two app instances on one PostgreSQL behind nginx (decision 038): a note added in a browser served by
 * instance A appears without a reload (the time is printed) in a browser served through nginx by instance
 * B, and both browsers count two people online. Skipped only when no PostgreSQL answers.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'hs_e2e_live_instances';
const NGINX_A = 3470;
const NGINX_B = 3471;
const INSTANCE_A = 3472;
const INSTANCE_B = 3473;
const WORK = path.resolve('.test-data/e2e-live-instances');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const postgresAnswers = () =>
  adminQuery('SELECT 1').then(
    () => true,
    () => false,
  );

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer().once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function waitForHttp(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.status === 401,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

const children: ChildProcess[] = [];
const logs: string[] = [];

function startInstance(port: number, appUrl: string): ChildProcess {
  // Its own process group, so stopping it reaches every process it started.
  const child = spawn(process.execPath, BUILT_SERVER, {
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: withDatabase(ADMIN_URL, DB_NAME),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d) => logs.push(`[${port}] ${String(d)}`));
  children.push(child);
  return child;
}

function nginxConfig(): string {
  const proxy = (listen: number, upstream: number) => `
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://127.0.0.1:${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 75s;
    }
  }`;
  return `daemon off;
pid ${WORK}/nginx.pid;
error_log ${WORK}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${WORK}/body;
  proxy_temp_path ${WORK}/proxy;
  fastcgi_temp_path ${WORK}/fastcgi;
  uwsgi_temp_path ${WORK}/uwsgi;
  scgi_temp_path ${WORK}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
${proxy(NGINX_A, INSTANCE_A)}
${proxy(NGINX_B, INSTANCE_B)}
}
`;
}

test.describe('two instances behind nginx', () => {
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Two instances need PostgreSQL and nginx. CI (.ci/run) provides both, so there a missing one fails the
    // run; on a developer's machine without them the test is skipped with what to install.
    const postgres = await postgresAnswers();
    if (process.env.CI && !postgres) throw new Error(`no PostgreSQL answers at ${ADMIN_URL}; .ci/run starts it`);
    if (process.env.CI && !NGINX) throw new Error('nginx is not installed; .ci/run installs it');
    test.skip(!postgres, `no PostgreSQL answers at ${ADMIN_URL}: set TEST_DATABASE_URL to run the two-instance test`);
    if (!NGINX) return test.skip(true, 'nginx is not installed (apt-get install nginx; .ci/run installs it)');
    for (const port of [NGINX_A, NGINX_B, INSTANCE_A, INSTANCE_B]) if (!(await portFree(port))) throw new Error(`port ${port} is in use`);
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${DB_NAME}`);
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
    writeFileSync(path.join(WORK, 'nginx.conf'), nginxConfig());
    // A first, alone: it migrates and seeds the empty database; B then starts on the seeded one.
    const a = startInstance(INSTANCE_A, `http://127.0.0.1:${NGINX_A}`);
    await waitForHttp(`http://127.0.0.1:${INSTANCE_A}/api/auth/me`, a);
    const b = startInstance(INSTANCE_B, `http://127.0.0.1:${NGINX_B}`);
    await waitForHttp(`http://127.0.0.1:${INSTANCE_B}/api/auth/me`, b);
    const proxy = spawn(NGINX, ['-p', WORK, '-c', path.join(WORK, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    proxy.stderr?.on('data', (d) => logs.push(`[nginx] ${String(d)}`));
    children.push(proxy);
    await waitForHttp(`http://127.0.0.1:${NGINX_A}/api/auth/me`, proxy);
    await waitForHttp(`http://127.0.0.1:${NGINX_B}/api/auth/me`, proxy);
  });

  test.afterAll(async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(child.spawnargs[0] === NGINX ? child.pid! : -child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
    if (await postgresAnswers()) await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    if (logs.length) console.log(logs.join('').slice(-4000));
  });

  async function openCalendar(browser: Browser, base: string, email: string): Promise<Page> {
    const page = await (await browser.newContext({ baseURL: base })).newPage();
    const res = await page.request.post('/api/auth/login', { data: { email, password: 'hoursight-demo' } });
    expect(res.ok(), `sign-in as ${email} through ${base}: ${res.status()}`).toBeTruthy();
    await page.goto('/');
    await expect(page.getByText('Loading calendar data...')).toBeHidden();
    return page;
  }

  test('a change made through instance A reaches a browser on instance B without a reload', async ({ browser }) => {
    const onA = await openCalendar(browser, `http://127.0.0.1:${NGINX_A}`, DEMO.admin);
    const onB = await openCalendar(browser, `http://127.0.0.1:${NGINX_B}`, DEMO.user);

    // Presence crosses instances: each browser counts both people and shows the other's badge.
    await expect(onA.getByRole('status').filter({ hasText: 'Live, 2 online' })).toBeAttached({ timeout: 15_000 });
    await expect(onB.getByRole('status').filter({ hasText: 'Live, 2 online' })).toBeAttached({ timeout: 15_000 });
    await expect(onB.getByLabel('admin is online')).toBeVisible();
    await expect(onA.getByLabel('user is online')).toBeVisible();

    const title = `Across instances ${Date.now() % 100000}`;
    const status = await onA.evaluate(async (noteTitle) => {
      const now = new Date();
      const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      const res = await fetch('/api/notes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: noteTitle, startDate: day, color: '#f59e0b' }),
      });
      return res.status;
    }, title);
    expect(status).toBe(201);
    // Shown without a reload. The time is printed, not asserted: the 1 s budget is a speed target, measured by
    // `npm run bench` (live delivery), and a test machine running both suites at once is no place to time it.
    const started = Date.now();
    await onB.waitForFunction((text) => document.body.innerText.includes(text), title, { polling: 'raf', timeout: 10_000 });
    console.log(`note shown after ${Date.now() - started} ms`);
    await expect(onB.getByText(title).first()).toBeVisible();

    await onA.context().close();
    await expect(onB.getByRole('status').filter({ hasText: 'Live, 1 online' })).toBeAttached({ timeout: 5000 });
    await onB.context().close();
  });
});
