import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { startJobRunner } from '../../src/server/jobs/runner';
import { createMetrics, startMetricsServer } from '../../src/server/ops/metrics';
import { startTestApp, type TestApp } from './harness';

/** GET /metrics: Prometheus text, only to the bearer of METRICS_TOKEN; request, sign-in and outbox figures. */
const TOKEN = 'scrape-secret-123';

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t?.close());

  const scrape = (token?: string) => t.request('GET', '/metrics', { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers 404 without the token or with a wrong one', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('wrong')).statusCode).toBe(404);
  });

  it('answers 404 when no METRICS_TOKEN is set', async () => {
    const off = await startTestApp();
    try {
      const res = await off.request('GET', '/metrics', { headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('counts requests by route and status, failed sign-ins and the mail outbox', async () => {
    await t.get('/healthz');
    await t.get('/healthz');
    const bad = await t.post('/api/auth/login', { email: 'user@demo.example', password: 'not-the-password-1' });
    expect(bad.statusCode).toBe(401);
    // One mail waiting since two minutes ago (the demo database has none).
    await t.db
      .insert(mailOutbox)
      .values({ to: 'x@demo.example', subject: 's', text: 't', html: 'h', createdAt: new Date(Date.now() - 120_000) });

    const res = await scrape(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('hoursight_http_requests_total{method="GET",route="/healthz",status="200"} 2');
    expect(text).toContain('hoursight_http_requests_total{method="POST",route="/api/auth/login",status="401"} 1');
    expect(text).toContain('hoursight_sign_in_failures_total 1');
    expect(text).toMatch(/hoursight_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 2/);
    expect(text).toContain('hoursight_mail_outbox_pending 1\n');
    const age = Number(/hoursight_mail_outbox_oldest_age_seconds ([\d.]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(180);
    expect(text).toContain('hoursight_rate_limit_refusals_total');
    // PostgreSQL: the pool has at least the connection that just answered the outbox query.
    if (t.database.pool) expect(text).toMatch(/hoursight_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toContain('hoursight_db_pool_connections');
  });

  it('counts rate-limit refusals by route', async () => {
    // The forgot-password limit is 20 per address per hour: the 21st is refused.
    for (let i = 1; i <= 21; i++) {
      const res = await t.request('POST', '/auth/forgot-password', {
        body: { email: `nobody${i}@demo.example` },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(i <= 20 ? 200 : 429);
    }
    expect((await scrape(TOKEN)).body).toContain('hoursight_rate_limit_refusals_total{route="/auth/forgot-password"} 1\n');
  });

  it('reports jobs by queue and state', { timeout: 60_000 }, async () => {
    const before = await scrape(TOKEN);
    expect(before.body).not.toContain('job="metrics-test"');
    const runner = await startJobRunner(t.database, { log: { info: () => undefined, error: () => undefined } });
    try {
      // No worker for this queue: both jobs stay waiting.
      await runner.send('metrics-test', { n: 1 });
      await runner.send('metrics-test', { n: 2 });
      expect((await scrape(TOKEN)).body).toContain('hoursight_jobs{job="metrics-test",state="created"} 2\n');
    } finally {
      await runner.stop(2000);
    }
  });

  it('serves /metrics without a token on the separate METRICS_PORT listener only', async () => {
    const metrics = createMetrics(t.database);
    const server = await startMetricsServer(metrics, { port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('hoursight_mail_outbox_pending');
      expect((await fetch(`http://127.0.0.1:${server.port}/api/me`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
