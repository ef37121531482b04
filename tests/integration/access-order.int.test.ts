import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiToken } from '../../src/server/auth/api-tokens';
import { apiTokens, siteUsers } from '../../src/server/db/schema';
import { READ_ONLY_MAY_CALL } from './access-lists';
import { startTestApp, type TestApp } from './harness';

/**
 * Decision 105: a refusal by role answers 403 before the body, the path's id or the content type is looked
 * at. Driven by the route table: every change route is called by a read-only user's session and by a
 * read-only API token, each with a bad body, an unknown id and a wrong content type, and must answer 403
 * unless that caller may make the change at all.
 */

/** Changes a read-only token may make: reports only read, so a read token makes them (docs/api.md). */
const READ_TOKEN_MAY_CALL = ['POST /api/report-preview', 'POST /api/generate-pdf', 'POST /api/reports/csv'];

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isPlatformRoute = (url: string) =>
  url.startsWith('/api/super-admin') || url.startsWith('/api/admin/') || url.startsWith('/api/auth/super-admin');

/** Three ways to be wrong besides the role; none may be answered before it. */
const WRONG = [
  { what: 'a bad body', id: 'not-a-number', type: 'application/json', payload: JSON.stringify({ bogus: '\u0001', direction: 'sideways' }) },
  { what: 'an unknown id', id: '2000000000', type: 'application/json', payload: '{}' },
  { what: 'a wrong content type', id: '1', type: 'application/xml', payload: '<refuse-me/>' },
];

let t: TestApp;
let viewer: string;
let readToken: string;

beforeAll(async () => {
  t = await startTestApp();
  viewer = await t.login('viewer@demo.example');
  const [admin] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'admin@demo.example'));
  const issued = issueApiToken();
  await t.db
    .insert(apiTokens)
    .values({ siteId: admin.siteId, createdBy: admin.id, name: 'Read tool', scope: 'read', tokenHash: issued.hash, prefix: issued.prefix });
  readToken = issued.token;
});
afterAll(() => t?.close());

const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const changeRoutes = () =>
  t.app.routeTable.filter(
    (r) => CHANGES.has(r.method) && (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) && !isPlatformRoute(r.url),
  );

async function answers(r: { method: string; url: string }, headers: Record<string, string>) {
  const out: Array<[string, string, number, unknown]> = [];
  for (const w of WRONG) {
    const res = await t.app.inject({
      method: r.method as 'POST',
      url: r.url.replace(/:\w+/g, w.id),
      headers: { ...headers, 'content-type': w.type },
      payload: w.payload,
    });
    out.push([name(r), w.what, res.statusCode, res.json()]);
  }
  return out;
}

describe('a read-only user’s session', () => {
  it('every change route it may not call answers 403 first, whatever else is wrong', async () => {
    const refused = changeRoutes().filter((r) => !READ_ONLY_MAY_CALL.includes(name(r)));
    expect(refused.length).toBeGreaterThan(60);
    for (const r of refused) {
      const message = r.access === 'admin' ? 'Admin access required' : 'Read-only users cannot make changes.';
      for (const [route, what, status, reply] of await answers(r, { cookie: viewer }))
        expect([route, what, status, reply]).toEqual([route, what, 403, { message }]);
    }
  });

  it('deciding time off is among them: a read-only user never approves or declines', async () => {
    const decide = changeRoutes()
      .filter((r) => /\/(approve|decline)$/.test(r.url))
      .map(name);
    expect(decide).toEqual(['POST /api/leave-requests/:id/approve', 'POST /api/leave-requests/:id/decline']);
    expect(decide.filter((r) => READ_ONLY_MAY_CALL.includes(r))).toEqual([]);
  });
});

describe('a read-only API token', () => {
  it('every change route but the report reads answers 403 first, whatever else is wrong', async () => {
    const open = changeRoutes().filter((r) => r.access === 'public' || READ_TOKEN_MAY_CALL.includes(name(r)));
    expect(open.filter((r) => r.access !== 'public').map(name)).toEqual(READ_TOKEN_MAY_CALL);
    const refused = changeRoutes().filter((r) => !open.includes(r));
    expect(refused.length).toBeGreaterThan(70);
    for (const r of refused) {
      for (const [route, what, status, reply] of await answers(r, { authorization: `Bearer ${readToken}` })) {
        expect([route, what, status]).toEqual([route, what, 403]);
        expect([
          'Read-only users cannot make changes.',
          'Admin access required',
          'API tokens cannot be used here; sign in to the app instead.',
        ]).toContain((reply as { message: string }).message);
      }
    }
  });

  it('time-off changes are refused as session-only, reads still answer', async () => {
    const headers = { authorization: `Bearer ${readToken}`, 'content-type': 'application/xml' };
    for (const url of [
      '/api/leave-requests',
      '/api/leave-requests/1/approve',
      '/api/leave-requests/1/decline',
      '/api/leave-requests/1/cancel',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: '<a/>' });
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        403,
        { message: 'API tokens cannot be used here; sign in to the app instead.' },
      ]);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/leave-requests', headers: { authorization: `Bearer ${readToken}` } });
    expect(list.statusCode).toBe(200);
  });
});
