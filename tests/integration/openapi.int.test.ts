import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/server/http/security';
import { startTestApp, type TestApp } from './harness';

/**
 * The API documents itself from the schemas its routes declare (decision 039). This file fails when a
 * route under /api or /auth is added without them: a reply schema for its success answer, a params schema
 * when its path has parameters, a body schema when it changes something. A route that cannot have one is
 * listed below with the reason. (Query strings need no check here: without a schema `req.query` is
 * `unknown` under the zod type provider, so a handler that reads one does not type-check.)
 */

/** Routes whose success answer is not JSON, so no reply schema can describe it. */
const NO_REPLY_SCHEMA: Record<string, string> = {
  'POST /api/generate-pdf': 'a PDF download (or its HTML preview)',
  'POST /api/reports/csv': 'a CSV download',
  'GET /api/notifications/disable': 'an HTML page opened from a link in an e-mail',
  'POST /api/notifications/disable': 'one-click unsubscribe (RFC 8058): mail clients post a form and read only the status',
  'GET /api/leave-decision': 'an HTML page opened from an Approve or Decline button in an e-mail',
  'POST /api/leave-decision': 'the HTML page of a decision made from that page',
  'POST /api/stripe/webhook': "Stripe reads only the status; the body is Stripe's signed event",
  // Added by the "live" work: a WebSocket upgrade has no HTTP reply body to describe.
  'GET /api/live': 'a WebSocket upgrade',
  'GET /api/export/employees.csv': 'a CSV download',
  'GET /api/export/exceptions.csv': 'a CSV download',
  'GET /api/export/balances.csv': 'a CSV download',
  'GET /api/export/capacity.csv': 'a CSV download',
};

/** Changes that take no body: the path and the session say everything. */
const NO_BODY: Record<string, string> = {
  'POST /api/auth/logout': 'ends the session of the cookie',
  'POST /api/super-admin/logout': 'ends the session of the cookie',
  'PATCH /api/auth/users/:id/toggle-status': 'flips the user named in the path',
  'PATCH /api/admin/sites/:id/toggle-status': 'flips the site named in the path',
  'POST /api/subscription/end-trial': "ends the current site's trial",
  'POST /api/subscription/enable-beta-mode': 'moves the current site to the beta plan',
  'POST /api/notifications/disable': 'the signed token is in the query string',
  'POST /api/stripe/webhook': 'a raw body whose signature is checked byte for byte',
  'POST /api/calendar-feeds/:id/renew': 'replaces the token of the feed named in the path',
  'POST /api/auth/two-factor/setup': 'makes a new secret for the signed-in admin',
  'POST /api/super-admin/two-factor/setup': 'makes a new secret for the signed-in super-admin',
  'POST /api/super-admin/sessions/revoke-others': "ends the signed-in super-admin's other tokens",
};

/** The reference's own routes (Swagger UI's files and the spec): they serve documents, not data. */
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || url === '/api/openapi.json';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const apiRoutes = () => t.app.routeTable.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) && !isDocs(r.url));
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('every route declares its schemas', () => {
  it('has a reply schema for a 2xx answer', () => {
    const missing = apiRoutes()
      .filter((r) => !NO_REPLY_SCHEMA[key(r)])
      .filter((r) => !(t.app.routeSchemas.get(key(r))?.responses ?? []).some((code) => code.startsWith('2')))
      .map(key);
    expect(missing, 'routes without a reply schema').toEqual([]);
  });

  it('has a params schema when the path has parameters', () => {
    const missing = apiRoutes()
      .filter((r) => r.url.includes(':') && !t.app.routeSchemas.get(key(r))?.params)
      .map(key);
    expect(missing, 'routes without a params schema').toEqual([]);
  });

  it('has a body schema on every change', () => {
    const missing = apiRoutes()
      .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !NO_BODY[key(r)] && !t.app.routeSchemas.get(key(r))?.body)
      .map(key);
    expect(missing, 'changes without a body schema').toEqual([]);
  });

  it('knows every route of the table (the schema record and the route table agree)', () => {
    expect(
      apiRoutes()
        .filter((r) => !t.app.routeSchemas.has(key(r)))
        .map(key),
    ).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(60);
  });
});

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 listing the site routes with their parameters and replies, without signing in', async () => {
    const res = await t.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Hoursight API');
    expect(doc.components.securitySchemes.apiToken).toEqual({
      type: 'http',
      scheme: 'bearer',
      description: 'An API token from Settings → API Tokens',
    });

    const list = doc.paths['/api/exceptions'].get;
    expect(list.tags).toEqual(['exceptions']);
    expect(list.parameters.map((p: { in: string; name: string; required: boolean }) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'query:startDate:true',
      'query:endDate:true',
      'query:employeeId:false',
    ]);
    expect(Object.keys(list.responses)).toContain('200');
    expect(list.responses['200'].content['application/json'].schema).toBeTruthy();

    const update = doc.paths['/api/employees/{id}'].put;
    expect(update.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(update.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['name']));

    const create = doc.paths['/api/api-tokens'].post;
    expect(create.requestBody.content['application/json'].schema.properties.scope).toEqual({ type: 'string', enum: ['read', 'write'] });
  });

  it('lists every site route of the table, and leaves out the operator routes and probes', async () => {
    const doc = (await t.get('/api/openapi.json')).json();
    const listed = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const expected = apiRoutes()
      // OpenAPI 3.1 cannot describe a WebSocket; /api/live is documented in decision 037 instead.
      .filter(
        (r) =>
          !r.url.startsWith('/api/admin/') &&
          !r.url.startsWith('/api/super-admin/') &&
          r.url !== '/api/auth/super-admin-change-password' &&
          r.url !== '/api/live',
      )
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(
      expected.filter((r) => !listed.has(r)),
      'routes missing from the reference',
    ).toEqual([]);
    expect([...listed].filter((r) => r.includes('/api/admin/') || r.includes('/healthz') || r.includes('/metrics'))).toEqual([]);
    expect(listed.size).toBe(expected.length);
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI under the app Content-Security-Policy: no inline script, its files from the same origin', async () => {
    const page = await t.get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1].match(/src="([^"]+)"/)?.[1])).toEqual([
      './static/swagger-ui-bundle.js',
      './static/swagger-ui-standalone-preset.js',
      './static/swagger-initializer.js',
    ]);
    expect(scripts.every((m) => m[2].trim() === '')).toBe(true);
    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const res = await t.get(`/api/docs/static/${file}`);
      expect(res.statusCode, file).toBe(200);
    }
    const json = await t.get('/api/docs/json');
    expect(json.json().openapi).toBe('3.1.0');
  });
});

describe('each operation states its security, its error answers and the rules enforced (decision 070)', () => {
  const opOf = async (method: string, path: string) => (await t.get('/api/openapi.json')).json().paths[path][method];
  const errorRef = { $ref: '#/components/schemas/Error' };

  it('says who may call it: nobody signed in, a session only, or a session or an API token', async () => {
    expect((await opOf('post', '/api/auth/login')).security).toEqual([]);
    expect((await opOf('post', '/auth/register')).security).toEqual([]);
    // Admin routes and the paths tokens may not use (api-tokens.ts) take a session only.
    expect((await opOf('get', '/api/api-tokens')).security).toEqual([{ session: [] }]);
    expect((await opOf('post', '/api/data-maintenance')).security).toEqual([{ session: [] }]);
    expect((await opOf('get', '/api/saved-notifications')).security).toEqual([{ session: [] }]);
    expect((await opOf('post', '/api/email-report')).security).toEqual([{ session: [] }]);
    expect((await opOf('get', '/api/employees')).security).toEqual([{ apiToken: [] }, { session: [] }]);
    expect((await opOf('put', '/api/exceptions/{id}')).security).toEqual([{ apiToken: [] }, { session: [] }]);
  });

  it('lists the error answers each can give, all with the shared { message } body', async () => {
    const doc = (await t.get('/api/openapi.json')).json();
    expect(doc.components.schemas.Error).toEqual({
      type: 'object',
      properties: {
        message: { type: 'string' },
        issues: {
          type: 'array',
          items: {
            type: 'object',
            properties: { path: { type: 'string' }, message: { type: 'string' } },
            required: ['path', 'message'],
            additionalProperties: false,
          },
        },
        code: { type: 'string' },
        pastDays: { type: 'number' },
        authorisedDays: { type: 'number' },
        // The coverage guard's 409 (decision 097): the days a change would leave short.
        shortfalls: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              date: expect.objectContaining({ type: 'string' }),
              requiredHours: { type: 'number' },
              availableBefore: { type: 'number' },
              availableAfter: { type: 'number' },
              shortHours: { type: 'number' },
            },
            required: ['date', 'requiredHours', 'availableBefore', 'availableAfter', 'shortHours'],
            additionalProperties: false,
          },
        },
      },
      required: ['message'],
      additionalProperties: false,
    });
    const codes = (method: string, path: string) => Object.keys(doc.paths[path][method].responses);
    expect(codes('put', '/api/exceptions/{id}')).toEqual(['200', '400', '401', '402', '403', '404', '409', '429']);
    expect(codes('get', '/api/employees')).toEqual(['200', '401', '403', '429']);
    expect(codes('get', '/api/exceptions')).toEqual(['200', '400', '401', '403', '429']);
    // Billing calls stay open on an expired trial; admin calls take no token, so no token rate either.
    expect(codes('post', '/api/subscription/activate')).toEqual(['200', '400', '401', '403', '409']);
    expect(codes('post', '/api/auth/login')).toEqual(['200', '400', '401', '429']);
    expect(codes('post', '/auth/forgot-password')).toEqual(['200', '400', '429']);
    // Mailing a report only reads the site's data, so an expired trial does not refuse it (no 402).
    expect(codes('post', '/api/email-report')).toEqual(['200', '400', '401', '403', '409', '429']);
    expect(doc.paths['/api/employees/{id}'].delete.responses['404']).toEqual({
      description: expect.stringContaining('Not found'),
      content: { 'application/json': { schema: errorRef } },
    });
  });

  it('states the rules the server checks: hours in steps of 0.1, the send time, the digest periods', async () => {
    const doc = (await t.get('/api/openapi.json')).json();
    const employee = doc.paths['/api/employees'].post.requestBody.content['application/json'].schema;
    expect(employee.properties.mondayHours).toEqual({ type: 'number', minimum: 0, maximum: 24, multipleOf: 0.1 });
    const exception = doc.paths['/api/exceptions'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(exception)).toContain('"multipleOf":0.1');
    const notification = doc.paths['/api/saved-notifications'].post.requestBody.content['application/json'].schema;
    const text = JSON.stringify(notification);
    expect(text).toContain('"pattern":"^([01][0-9]|2[0-3]):[03]0$"');
    expect(text).toContain('"enum":[1,2,3,7,14,30]');
  });
});
