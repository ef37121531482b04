import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, sites } from '../../src/server/db/schema';
import { employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let cookie: string;
let ownId: number;

beforeAll(async () => {
  t = await startTestApp();
  cookie = await t.login('admin@demo.example');
  const [demo] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo'));
  [{ id: ownId }] = await t.db.select({ id: employees.id }).from(employees).where(eq(employees.siteId, demo.id)).limit(1);
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };
const allEmployees = () => t.db.select().from(employees).orderBy(asc(employees.id));

/** Every error answer is JSON with a message, and never a 500. */
function expectJsonError(res: { statusCode: number; headers: Record<string, unknown>; json(): { message?: unknown } }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof res.json().message).toBe('string');
  expect(res.json().message).not.toBe('Internal server error');
}

describe('bad requests answer 4xx JSON, never 500', () => {
  it('malformed JSON → 400', async () => {
    const res = await t.request('POST', '/api/employees', { cookie, headers: json, body: '{"name": "Broken",' });
    expectJsonError(res, 400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('malformed JSON on login → 400, not a failed sign-in', async () => {
    const res = await t.request('POST', '/api/auth/login', { headers: json, body: '{email:' });
    expectJsonError(res, 400);
  });

  it('an empty body declared as JSON → 400', async () => {
    const res = await t.request('POST', '/api/employees', { cookie, headers: json, body: '' });
    expectJsonError(res, 400);
  });

  it('a body that is not an object → 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await t.request('POST', '/api/employees', { cookie, headers: json, body });
      expectJsonError(res, 400);
    }
  });

  it('wrong types → 400 with a message per field', async () => {
    const res = await t.post('/api/employees', { ...employeeInput(), efficiency: 'lots', mondayHours: '7.5', name: 12 }, cookie);
    expectJsonError(res, 400);
    const issues = res.json().issues as Array<{ path: string; message: string }>;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'efficiency', message: 'Efficiency must be a number' },
        { path: 'mondayHours', message: 'Hours must be a number' },
        { path: 'name', message: 'Name is required' },
      ]),
    );
  });

  it('a fractional efficiency or hours off the 0.1 grid → 400', async () => {
    expect((await t.post('/api/employees', employeeInput({ efficiency: 50.5 }), cookie)).json().message).toBe(
      'Efficiency must be a whole number',
    );
    expect((await t.post('/api/employees', employeeInput({ mondayHours: 7.55 }), cookie)).json().message).toBe(
      'Hours must be in steps of 0.1',
    );
  });

  it.each(['abc', '1.5', '0', '-3', '1e3x'])('a bad id "%s" → 400', async (id) => {
    const before = await allEmployees();
    for (const res of [
      await t.put(`/api/employees/${id}`, employeeInput(), cookie),
      await t.del(`/api/employees/${id}`, cookie),
      await t.post(`/api/employees/${id}/reorder`, { direction: 'up' }, cookie),
    ]) {
      expectJsonError(res, 400);
      expect(res.json().message).toMatch(/^Id must be/);
    }
    expect(await allEmployees()).toEqual(before);
  });

  it('an unknown numeric id → 404', async () => {
    for (const res of [
      await t.put('/api/employees/987654', employeeInput(), cookie),
      await t.del('/api/employees/987654', cookie),
      await t.post('/api/employees/987654/reorder', { direction: 'down' }, cookie),
    ]) {
      expectJsonError(res, 404);
      expect(res.json().message).toBe('Employee not found');
    }
  });

  it('an id beyond the integer column → 400, not 500', async () => {
    for (const res of [
      await t.put('/api/employees/99999999999', employeeInput(), cookie),
      await t.del('/api/employees/99999999999', cookie),
    ]) {
      expectJsonError(res, 400);
    }
  });

  it('a body over 256 KiB → 413, and nothing is stored', async () => {
    const before = await allEmployees();
    const res = await t.post('/api/employees', { ...employeeInput(), name: 'x'.repeat(260 * 1024) }, cookie);
    expectJsonError(res, 413);
    expect(res.json().message).toBe('The request body is too large.');
    expect(await allEmployees()).toEqual(before);
  });

  it('a body just under the limit is read (and then validated)', async () => {
    const res = await t.post('/api/employees', { ...employeeInput(), name: 'x'.repeat(200 * 1024) }, cookie);
    expectJsonError(res, 400);
    expect(res.json().message).toBe('Name must be 100 characters or fewer');
  });

  it('a plain-text body → 415 (a change must be JSON), nothing stored', async () => {
    const before = await allEmployees();
    const res = await t.request('POST', '/api/employees', { cookie, headers: { 'content-type': 'text/plain' }, body: 'name=Bob' });
    expectJsonError(res, 415);
    expect(await allEmployees()).toEqual(before);
  });

  it('a body of an unsupported media type → 415', async () => {
    const res = await t.request('POST', '/api/employees', {
      cookie,
      headers: { 'content-type': 'application/xml' },
      body: '<name>Bob</name>',
    });
    expectJsonError(res, 415);
    expect(res.json().message).toBe('Unsupported content type; send JSON.');
  });

  it('an unknown /api route → 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/employees/1/promote'],
      ['PATCH', `/api/employees/${ownId}`],
      ['GET', '/api/auth/me/extra?x=1'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie } });
      expectJsonError(res, 404);
      expect(res.json().message).toBe(`Route ${method} ${url.split('?')[0]} not found`);
    }
  });

  it('API answers are never cached', async () => {
    for (const res of [await t.get('/api/employees', cookie), await t.get('/api/nope', cookie), await t.get('/api/auth/me')]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
