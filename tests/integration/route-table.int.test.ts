import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteSchemas } from '../../src/server/http/openapi';
import { apiRoutes, type RouteSpec } from '../../src/shared/routes';
import { startTestApp, type TestApp } from './harness';

/**
 * The shared route table (`src/shared/routes`, decision 070) types every call of the web app. This file
 * proves it tells the truth: each entry names a route the server has, with the same path, query, body and
 * success-reply schemas (the same zod object, or one with the same JSON Schema), and every route a client
 * can call is in it.
 */

/** Routes no client of the table calls, with the reason. */
const NOT_IN_TABLE: Record<string, string> = {
  'GET /api/live': 'a WebSocket upgrade (decision 037)',
  'POST /api/stripe/webhook': 'called by Stripe with its signed event',
  'GET /api/notifications/disable': 'a link in an e-mail, opened by the browser',
  'POST /api/notifications/disable': 'one-click unsubscribe posted by mail clients',
  'GET /api/leave-decision': 'an Approve or Decline button in an e-mail, opened by the browser',
  'POST /api/leave-decision': 'the form of that page, posted by the browser',
};

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || url === '/api/openapi.json';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const serverRoutes = () =>
  t.app.routeTable
    .filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) && !isDocs(r.url))
    .map((r) => `${r.method} ${r.url}`);

const jsonSchema = (schema: unknown, io: 'input' | 'output') =>
  JSON.stringify(z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' }));

/** The same zod object, or two that describe the same JSON. */
function sameShape(table: unknown, server: unknown, io: 'input' | 'output'): boolean {
  if (table === server) return true;
  if (!table || !server) return false;
  return jsonSchema(table, io) === jsonSchema(server, io);
}

function differences(key: string, spec: RouteSpec, server: RouteSchemas): string[] {
  const out: string[] = [];
  if (!sameShape(spec.params, server.params, 'input')) out.push(`${key}: params`);
  if (!sameShape(spec.query, server.querystring, 'input')) out.push(`${key}: query`);
  if (!sameShape(spec.body, server.body, 'input')) out.push(`${key}: body`);
  const success = Object.entries(server.response ?? {}).filter(([code]) => code.startsWith('2'));
  if (spec.file) {
    if (success.length) out.push(`${key}: marked as a file but the route declares a JSON reply`);
  } else if (success.length !== 1 || !sameShape(spec.reply, success[0][1], 'output')) {
    out.push(`${key}: reply`);
  }
  return out;
}

describe('the shared route table', () => {
  it('lists every route a client calls', () => {
    const table = new Set(Object.keys(apiRoutes));
    expect(serverRoutes().filter((r) => !table.has(r) && !NOT_IN_TABLE[r])).toEqual([]);
    expect(
      Object.keys(NOT_IN_TABLE).filter((r) => !serverRoutes().includes(r)),
      'stale NOT_IN_TABLE entries',
    ).toEqual([]);
  });

  it('names only routes the server has, with the schemas the route declares', () => {
    const routes = new Set(serverRoutes());
    const mismatches = Object.entries(apiRoutes as Record<string, RouteSpec>).flatMap(([key, spec]) => {
      if (!routes.has(key)) return [`${key}: no such route`];
      return differences(key, spec, t.app.routeSchemas.get(key)?.schemas ?? {});
    });
    expect(mismatches).toEqual([]);
  });

  it('would notice a different schema (the comparison is not vacuous)', () => {
    const employees = t.app.routeSchemas.get('PUT /api/employees/:id')?.schemas ?? {};
    expect(
      differences(
        'PUT /api/employees/:id',
        { ...apiRoutes['PUT /api/employees/:id'], body: z.object({ fullName: z.string() }) },
        employees,
      ),
    ).toEqual(['PUT /api/employees/:id: body']);
  });
});
