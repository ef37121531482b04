import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { VerifyPassword } from '../../src/server/auth/passwords';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import type { TrustProxy } from '../../src/server/env';
import { openPglite, openPostgres, type Database, type Db } from '../../src/server/db/client';
import type { App } from '../../src/server/http/types';
import { createMailer, type Mailer } from '../../src/server/mail/mailer';
import { loggerOptions } from '../../src/server/ops/logging';
import type { OpsState } from '../../src/server/ops/state';
import type { StripeConfig } from '../../src/server/modules/subscriptions';
import { DEMO_PASSWORD, TEMPLATE_DATABASE, withDatabase } from './shared';
import { feedTokens, linkTokens, recordSecrets, suiteLogStream } from './log-scan';
import { mailOutbox } from '../../src/server/db/schema';

/**
 * One isolated, seeded app per test file:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await startTestApp(); });
 *   afterAll(() => t?.close());
 *
 * The database is a private copy of the demo business (sites `demo` and `demo-north`; admin@, user@ and
 * viewer@demo.example, password `hoursight-demo`), so a file may change anything without touching others.
 */

export const APP_URL = 'http://localhost:3000';
export { DEMO_PASSWORD };

export interface StartOptions {
  now?: () => Date;
  supportEmail?: string;
  smtpUrl?: string;
  /** Replaces sign-in's password check, e.g. to count the argon2 work done. */
  verifyPassword?: VerifyPassword;
  /** Which peers may set X-Forwarded-* (the app's TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
  appUrl?: string;
  /** Payments on, usually against the local Stripe fake (`stripe-fake.ts`). */
  stripe?: StripeConfig;
  /** Site admins set their own plans (SELF_SERVICE_PLANS); default: on exactly when `stripe` is unset, as in production. */
  selfServicePlans?: boolean;
  /** Process state read by /readyz and /metrics. */
  ops?: OpsState;
  /** Where the app's JSON log lines go (at trace level, mail log included); default: no logging. */
  logStream?: { write(line: string): void };
  /** The app's METRICS_TOKEN. */
  metricsToken?: string;
}

export interface InjectOptions {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export type TestResponse = LightMyRequestResponse;

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  mailer: Mailer;
  /** Signs in and returns the `Cookie` header value of the new session; throws unless the answer is 200. */
  login(email: string, password?: string, siteIdentifier?: string): Promise<string>;
  request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts?: InjectOptions): Promise<TestResponse>;
  get(url: string, cookie?: string): Promise<TestResponse>;
  post(url: string, body?: unknown, cookie?: string): Promise<TestResponse>;
  put(url: string, body?: unknown, cookie?: string): Promise<TestResponse>;
  del(url: string, cookie?: string): Promise<TestResponse>;
  close(): Promise<void>;
}

/** A clock a test can move: pass `clock.now` as the app's `now`. */
export function createClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (d: Date) => {
      current = d.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}

let snapshot: Blob | undefined;

async function openCopy(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const postgresUrl = inject('postgresUrl');
  if (!postgresUrl) {
    // Read once per worker; each call loads its own copy into a fresh in-memory PGlite.
    snapshot ??= new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
    return { database: await openPglite({ loadDataDir: snapshot }), drop: async () => undefined };
  }
  const name = `hs_test_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgresUrl, `CREATE DATABASE "${name}" TEMPLATE ${TEMPLATE_DATABASE}`);
  return {
    database: await openPostgres(withDatabase(postgresUrl, name)),
    drop: () => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  // CREATE DATABASE ... TEMPLATE fails while another backend is briefly attached to the template; retry.
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
      return;
    } catch (err) {
      if (attempt >= 5 || !/being accessed by other users/.test(String((err as Error).message))) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    } finally {
      await client.end();
    }
  }
}

/** The suite's log folder, when the global setup asked for the log-secret scan (decision 045). */
const suiteLogDir = () => inject('suiteLogDir') || undefined;

/** Every line to the test's own stream (if any) and to the suite's log, which the global teardown scans. */
function logStreamFor(opts: StartOptions): { write(line: string): void } | undefined {
  const dir = suiteLogDir();
  const suite = dir ? suiteLogStream(dir) : undefined;
  if (!suite) return opts.logStream;
  return { write: (line) => (opts.logStream?.write(line), suite.write(line)) };
}

/** The secrets a response hands out (session cookie, bearer token), noted for the suite's log scan. */
function noteResponseSecrets(res: LightMyRequestResponse): void {
  const dir = suiteLogDir();
  if (!dir) return;
  const found: string[] = [];
  const value = sessionCookie(res)?.split('=')[1];
  if (value) found.push(value, decodeURIComponent(value));
  if (String(res.headers['content-type'] ?? '').includes('json')) for (const m of res.body.matchAll(/"token":"([^"]+)"/g)) found.push(m[1]);
  if (String(res.headers['content-type'] ?? '').includes('json')) found.push(...feedTokens(res.body));
  recordSecrets(dir, found);
}

export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const { database, drop } = await openCopy();
  const { db } = database;
  const now = opts.now ?? (() => new Date());
  const logStream = logStreamFor(opts);
  const quiet = { info: () => undefined, warn: () => undefined };
  // With a log stream the mailer logs through the app's logger, as in main.ts (used once the app exists).
  const mailLog = logStream
    ? { info: (o: object, m: string) => app.log.info(o, m), warn: (o: object, m: string) => app.log.warn(o, m) }
    : quiet;
  const mailer = createMailer({ db, smtpUrl: opts.smtpUrl, from: 'Hoursight <no-reply@hoursight.test>', now, log: mailLog });
  let app: App;
  try {
    app = await buildApp(
      {
        database,
        config: {
          appUrl: opts.appUrl ?? APP_URL,
          supportEmail: opts.supportEmail,
          trustProxy: opts.trustProxy,
          stripe: opts.stripe,
          selfServicePlans: opts.selfServicePlans ?? !opts.stripe,
          metricsToken: opts.metricsToken,
        },
        mailer,
        now,
        verifyPassword: opts.verifyPassword,
        ops: opts.ops,
      },
      logStream ? { logger: loggerOptions('trace', logStream) } : {},
    );
    await app.ready();
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }

  const request: TestApp['request'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.cookie) headers.cookie = o.cookie;
    const res = await app.inject({
      method,
      url,
      headers,
      remoteAddress: o.remoteAddress,
      ...(o.body === undefined ? {} : typeof o.body === 'string' ? { payload: o.body } : { payload: o.body as object }),
    });
    noteResponseSecrets(res);
    return res;
  };

  let closed = false;
  return {
    app,
    db,
    database,
    mailer,
    request,
    get: (url, cookie) => request('GET', url, { cookie }),
    post: (url, body, cookie) => request('POST', url, { body, cookie }),
    put: (url, body, cookie) => request('PUT', url, { body, cookie }),
    del: (url, cookie) => request('DELETE', url, { cookie }),
    async login(email, password = DEMO_PASSWORD, siteIdentifier) {
      const res = await request('POST', '/api/auth/login', { body: { email, password, siteIdentifier } });
      if (res.statusCode !== 200) throw new Error(`login ${email} answered ${res.statusCode}: ${res.body}`);
      const cookie = sessionCookie(res);
      if (!cookie) throw new Error(`login ${email} set no ${SESSION_COOKIE} cookie`);
      return cookie;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await app.close();
        const dir = suiteLogDir();
        // The tokens of every link this app mailed (resets, unsubscribes), for the suite's log scan.
        if (dir)
          recordSecrets(
            dir,
            (await db.select({ text: mailOutbox.text }).from(mailOutbox)).flatMap((m) => linkTokens(m.text)),
          );
      } finally {
        await database.close();
        await drop();
      }
    },
  };
}

/** The `name=value` pair of the session cookie a response set, ready for a `Cookie` header. */
export function sessionCookie(res: TestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  const line = list.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return line?.split(';')[0];
}
