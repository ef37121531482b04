import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Decision 105: every 401 says how to authenticate (RFC 9110 §15.5.2). Routes that take an API token offer
 * `Bearer` and the browser's session; session-only routes the session (the draft `Cookie` scheme); the
 * platform portal its own bearer realm. Driven by the route table; the header values are written by hand.
 */

const COOKIE = 'Cookie realm="hoursight", form-action="/api/auth/login", cookie-name="hs_session"';
const BOTH = `Bearer realm="hoursight", ${COOKIE}`;
const BAD_TOKEN = 'Bearer realm="hoursight", error="invalid_token"';
const PORTAL = 'Bearer realm="hoursight-admin"';
const PORTAL_BAD_TOKEN = 'Bearer realm="hoursight-admin", error="invalid_token"';

type OpenApi = { paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>> };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.get('/api/openapi.json')).json();
});
afterAll(() => t?.close());

const isPortal = (url: string) =>
  url.startsWith('/api/super-admin') || url.startsWith('/api/admin/') || url.startsWith('/api/auth/super-admin');
const siteRoutes = () =>
  t.app.routeTable.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) && !isPortal(r.url) && r.access !== 'public');
const call = (r: { method: string; url: string }, headers: Record<string, string> = {}) =>
  t.app.inject({ method: r.method as 'GET', url: r.url.replace(/:\w+/g, '1'), headers });
const operation = (r: { method: string; url: string }) => doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];

describe('WWW-Authenticate on every 401', () => {
  it('signed out, each site route offers the ways its OpenAPI security names', async () => {
    // The live socket is left out of the document (decision 037); it takes tokens like any data route.
    expect(
      siteRoutes()
        .filter((r) => !operation(r))
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(['GET /api/live']);
    expect((await call({ method: 'GET', url: '/api/live' })).headers['www-authenticate']).toBe(BOTH);
    const routes = siteRoutes().filter((r) => operation(r));
    expect(routes.length).toBeGreaterThan(100);
    let both = 0;
    for (const r of routes) {
      const takesToken = (operation(r)?.security ?? []).some((s) => 'apiToken' in s);
      if (takesToken) both++;
      const res = await call(r);
      expect([r.method, r.url, res.statusCode, res.headers['www-authenticate']]).toEqual([
        r.method,
        r.url,
        401,
        takesToken ? BOTH : COOKIE,
      ]);
    }
    // Both kinds are there: the data routes take tokens, the account and admin routes do not.
    expect(both).toBeGreaterThan(40);
    expect(routes.length - both).toBeGreaterThan(20);
  });

  it('an unknown API token is named invalid; a route that takes none offers the session', async () => {
    const bad = { authorization: 'Bearer hs_not-a-real-token' };
    const data = await t.app.inject({ method: 'GET', url: '/api/employees', headers: bad });
    expect([data.statusCode, data.headers['www-authenticate']]).toEqual([401, BAD_TOKEN]);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/employees', headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect([malformed.statusCode, malformed.headers['www-authenticate']]).toEqual([401, BAD_TOKEN]);
    const account = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bad });
    expect([account.statusCode, account.headers['www-authenticate']]).toEqual([401, COOKIE]);
  });

  it('a wrong password or an expired code step at sign-in offers the session', async () => {
    const login = await t.post('/api/auth/login', { email: 'admin@demo.example', password: 'not-the-password' });
    expect([login.statusCode, login.headers['www-authenticate']]).toEqual([401, COOKIE]);
    const step = await t.post('/api/auth/login/two-factor', { challenge: 'x'.repeat(43), code: '123456' });
    expect([step.statusCode, step.headers['www-authenticate']]).toEqual([401, COOKIE]);
  });

  it('the platform portal offers its own bearer realm', async () => {
    const portal = t.app.routeTable.filter((r) => isPortal(r.url) && !r.url.endsWith('/login') && !r.url.endsWith('/login/two-factor'));
    expect(portal.length).toBeGreaterThan(10);
    for (const r of portal) {
      const res = await call(r);
      expect([r.method, r.url, res.statusCode, res.headers['www-authenticate']]).toEqual([r.method, r.url, 401, PORTAL]);
      const bad = await call(r, { authorization: 'Bearer not-a-portal-token' });
      expect([r.method, r.url, bad.statusCode, bad.headers['www-authenticate']]).toEqual([r.method, r.url, 401, PORTAL_BAD_TOKEN]);
    }
    const login = await t.post('/api/super-admin/login', { email: 'nobody@example.test', password: 'wrong-password' });
    expect([login.statusCode, login.headers['www-authenticate']]).toEqual([401, PORTAL]);
  });

  it('answers other than 401 carry none', async () => {
    const ok = await t.get('/api/auth/me', await t.login('admin@demo.example'));
    expect([ok.statusCode, ok.headers['www-authenticate']]).toEqual([200, undefined]);
    const forbidden = await t.get('/api/auth/site-users', await t.login('user@demo.example'));
    expect([forbidden.statusCode, forbidden.headers['www-authenticate']]).toEqual([403, undefined]);
  });
});
