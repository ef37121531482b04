import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
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
    await t.db.insert(mailOutbox).values({ to: 'x@demo.example', subject: 's', text: 't', html: 'h', createdAt: new Date(Date.now() - 120_000) });

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
  });
});
