import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { App } from '../http/app-instance';

/** Sign-in routes whose 401 counts as a failed sign-in. */
const SIGN_IN_ROUTES = new Set(['/api/auth/login', '/api/super-admin/login']);

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  signInFailures: Counter;
  rateLimited: Counter<'route'>;
  /** Counted by main.ts's job log when a job attempt throws. */
  jobFailures: Counter<'job'>;
  /**
   * Calendar replies (decision 077): `hit` a stored reply; `joined` a database read already under way when the
   * request came, at the data version the request found; `miss` a read begun after the request came.
   */
  calendarReplies: Counter<'cache'>;
  /** Calendar windows read from the database. */
  calendarBuilds: Counter;
  /** Major collections started once a busy spell ended (ops/idle-collection.ts). */
  idleCollections: Counter;
  /** PostgreSQL connections that failed under the pool (terminated, reset, timed out) and were replaced. */
  databaseFaults: Counter;
}

/**
 * Prometheus metrics, one registry per app (tests build many apps in one process). Request metrics are
 * labelled by the route pattern, never the raw URL, so ids and tokens do not become label values.
 */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'hoursight_http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'hoursight_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'hoursight_sign_in_failures_total',
    help: 'Sign-ins refused for wrong credentials (401)',
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'hoursight_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429)',
    labelNames: ['route'],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'hoursight_job_failures_total',
    help: 'Background job attempts that threw',
    labelNames: ['job'],
    registers: [registry],
  });
  const calendarReplies = new Counter({
    name: 'hoursight_calendar_replies_total',
    help: 'GET /api/calendar replies with data: from a stored reply (hit), a database read under way when the request came (joined), or one begun after (miss)',
    labelNames: ['cache'],
    registers: [registry],
  });
  const calendarBuilds = new Counter({
    name: 'hoursight_calendar_builds_total',
    help: 'Calendar windows read from the database',
    registers: [registry],
  });
  const idleCollections = new Counter({
    name: 'hoursight_idle_collections_total',
    help: 'Major garbage collections started once a busy spell ended',
    registers: [registry],
  });
  const databaseFaults = new Counter({
    name: 'hoursight_db_connection_faults_total',
    help: 'PostgreSQL connections lost under the pool (terminated backend, reset socket, no answer); each is replaced',
    registers: [registry],
  });
  new Gauge({
    name: 'hoursight_mail_outbox_pending',
    help: 'Mails waiting in the outbox',
    registers: [registry],
    async collect() {
      this.set((await outbox(database)).pending);
    },
  });
  new Gauge({
    name: 'hoursight_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when empty)',
    registers: [registry],
    async collect() {
      this.set((await outbox(database)).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'hoursight_jobs',
    help: 'Background jobs by queue and state (created and retry: waiting; failed: out of attempts, kept a while)',
    labelNames: ['job', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCounts(database)) this.set({ job: row.name, state: row.state }, Number(row.n));
    },
  });
  if (database.pool) {
    const pool = database.pool;
    new Gauge({
      name: 'hoursight_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return {
    registry,
    requests,
    duration,
    signInFailures,
    rateLimited,
    jobFailures,
    calendarReplies,
    calendarBuilds,
    idleCollections,
    databaseFaults,
  };
}

async function outbox(database: Database): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const result = await database.db.execute(
    sql`select count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from mail_outbox where status = 'pending'`,
  );
  const row = (result as unknown as { rows: Array<{ n: number; age: number }> }).rows[0];
  return { pending: Number(row?.n ?? 0), oldestAgeSeconds: Number(row?.age ?? 0) };
}

/** Job counts straight from pg-boss's table (its own queue stats lag behind by a monitor pass); its internal queues left out. */
async function jobCounts(database: Database): Promise<Array<{ name: string; state: string; n: number }>> {
  const exists = await database.db.execute(sql`select to_regclass('pgboss.job') is not null as ok`);
  if (!(exists as unknown as { rows: Array<{ ok: boolean }> }).rows[0]?.ok) return []; // job runner never started here
  const result = await database.db.execute(
    sql`select name, state::text as state, count(*)::int as n from pgboss.job where left(name, 8) <> '__pgboss' group by 1, 2`,
  );
  return (result as unknown as { rows: Array<{ name: string; state: string; n: number }> }).rows;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics exists only when METRICS_TOKEN is set and the scraper sends it as `Authorization: Bearer`;
 * otherwise it answers 404 like any unknown path, so the public internet learns nothing.
 */
export function registerMetrics(app: App, metrics: Metrics, token: string | undefined): void {
  const m = metrics;
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    m.requests.inc(labels);
    m.duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 401 && SIGN_IN_ROUTES.has(route)) m.signInFailures.inc();
    if (reply.statusCode === 429) m.rateLimited.inc({ route });
  });
  app.get('/metrics', { config: { access: 'public' } }, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !sameToken(given, token)) return reply.status(404).send({ message: `Route GET /metrics not found` });
    return reply
      .header('Content-Type', metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}

/**
 * METRICS_PORT: /metrics without a token on a listener of its own, bound to METRICS_HOST (default loopback),
 * for a scraper on a private network or the same host; the public port never serves it without the token.
 */
export async function startMetricsServer(
  metrics: Metrics,
  opts: { port: number; host: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (err: Error) =>
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `metrics failed: ${err.message}` })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
