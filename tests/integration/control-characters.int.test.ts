import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, exceptionReasons, sites } from '../../src/server/db/schema';
import { createException, createNote, employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';

/**
 * Every free-text field of every route refuses NUL and other control characters with a clear 400 before
 * anything reaches the database (PostgreSQL answers NUL in text with error 22021, which was a 500).
 */

let t: TestApp;
let cookie: string;
let employeeId: number;
let reasonId: number;
let exceptionId: number;
let noteId: number;
let siteId: number;

beforeAll(async () => {
  t = await startTestApp();
  cookie = await t.login('admin@demo.example');
  const [demo] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo'));
  siteId = demo.id;
  [{ id: employeeId }] = await t.db.select({ id: employees.id }).from(employees).where(eq(employees.siteId, demo.id)).limit(1);
  [{ id: reasonId }] = await t.db
    .select({ id: exceptionReasons.id })
    .from(exceptionReasons)
    .where(eq(exceptionReasons.businessId, demo.businessId))
    .limit(1);
  exceptionId = (await createException(t.db, { siteId: demo.id, employeeId, reasonId, startDate: '2031-01-06' })).id;
  noteId = (await createNote(t.db, { siteId: demo.id, title: 'Stocktake', startDate: '2031-01-07' })).id;
});
afterAll(() => t?.close());

const exception = () => ({ employeeId, reasonId, startDate: '2031-01-08', endDate: '2031-01-08', isFullDay: true, notes: 'ok' });

interface Case {
  route: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  signedIn: boolean;
  body: () => Record<string, unknown>;
  field: string;
  /** The field's name in the message. */
  label: string;
}

const cases: Case[] = [
  {
    route: 'register',
    method: 'POST',
    url: () => '/auth/register',
    signedIn: false,
    field: 'siteName',
    label: 'Company name',
    body: () => ({ siteName: 'Nul Co', siteSubdomain: 'nul-co', email: 'nul@co.example', password: 'secret1', confirmPassword: 'secret1' }),
  },
  {
    route: 'register',
    method: 'POST',
    url: () => '/auth/register',
    signedIn: false,
    field: 'siteSubdomain',
    label: 'Site identifier',
    body: () => ({ siteName: 'Nul Co', siteSubdomain: 'nul-co', email: 'nul@co.example', password: 'secret1', confirmPassword: 'secret1' }),
  },
  {
    route: 'login',
    method: 'POST',
    url: () => '/api/auth/login',
    signedIn: false,
    field: 'siteIdentifier',
    label: 'Site identifier',
    body: () => ({ email: 'admin@demo.example', password: 'x', siteIdentifier: 'demo' }),
  },
  {
    route: 'reset password',
    method: 'POST',
    url: () => '/auth/reset-password',
    signedIn: false,
    field: 'token',
    label: 'Reset token',
    body: () => ({ token: 'abc', newPassword: 'secret1' }),
  },
  {
    route: 'bug report',
    method: 'POST',
    url: () => '/api/bug-report',
    signedIn: true,
    field: 'subject',
    label: 'Subject',
    body: () => ({ subject: 'Broken', details: 'It broke' }),
  },
  {
    route: 'bug report',
    method: 'POST',
    url: () => '/api/bug-report',
    signedIn: true,
    field: 'details',
    label: 'Details',
    body: () => ({ subject: 'Broken', details: 'It broke' }),
  },
  {
    route: 'create employee',
    method: 'POST',
    url: () => '/api/employees',
    signedIn: true,
    field: 'name',
    label: 'Name',
    body: () => ({ ...employeeInput(), name: 'Ann' }),
  },
  {
    route: 'edit employee',
    method: 'PUT',
    url: () => `/api/employees/${employeeId}`,
    signedIn: true,
    field: 'name',
    label: 'Name',
    body: () => ({ ...employeeInput(), name: 'Ann' }),
  },
  {
    route: 'create exception type',
    method: 'POST',
    url: () => '/api/exception-reasons',
    signedIn: true,
    field: 'name',
    label: 'Name',
    body: () => ({ name: 'Jury duty', color: '#123456' }),
  },
  {
    route: 'edit exception type',
    method: 'PUT',
    url: () => `/api/exception-reasons/${reasonId}`,
    signedIn: true,
    field: 'name',
    label: 'Name',
    body: () => ({ name: 'Jury duty', color: '#123456' }),
  },
  {
    route: 'create exception',
    method: 'POST',
    url: () => '/api/exceptions',
    signedIn: true,
    field: 'notes',
    label: 'Notes',
    body: exception,
  },
  {
    route: 'edit exception',
    method: 'PUT',
    url: () => `/api/exceptions/${exceptionId}`,
    signedIn: true,
    field: 'notes',
    label: 'Notes',
    body: () => ({ ...exception(), version: 1 }),
  },
  {
    route: 'create note',
    method: 'POST',
    url: () => '/api/notes',
    signedIn: true,
    field: 'title',
    label: 'Note',
    body: () => ({ title: 'Audit', description: 'd', startDate: '2031-01-09', color: '#9ca3af' }),
  },
  {
    route: 'create note',
    method: 'POST',
    url: () => '/api/notes',
    signedIn: true,
    field: 'description',
    label: 'Description',
    body: () => ({ title: 'Audit', description: 'd', startDate: '2031-01-09', color: '#9ca3af' }),
  },
  {
    route: 'edit note',
    method: 'PATCH',
    url: () => `/api/notes/${noteId}`,
    signedIn: true,
    field: 'title',
    label: 'Note',
    body: () => ({ title: 'Audit', version: 1 }),
  },
  {
    route: 'edit note',
    method: 'PATCH',
    url: () => `/api/notes/${noteId}`,
    signedIn: true,
    field: 'description',
    label: 'Description',
    body: () => ({ description: 'd', version: 1 }),
  },
  {
    route: 'create site',
    method: 'POST',
    url: () => '/api/sites',
    signedIn: true,
    field: 'name',
    label: 'Site name',
    body: () => ({ name: 'Nul Team' }),
  },
  {
    route: 'create site',
    method: 'POST',
    url: () => '/api/sites',
    signedIn: true,
    field: 'subdomain',
    label: 'Site identifier',
    body: () => ({ name: 'Nul Team', subdomain: 'nul-team' }),
  },
  {
    route: 'rename site',
    method: 'PUT',
    url: () => `/api/sites/${siteId}/name`,
    signedIn: true,
    field: 'name',
    label: 'Site name',
    body: () => ({ name: 'Demo' }),
  },
  {
    route: 'add holiday',
    method: 'POST',
    url: () => '/api/public-holidays',
    signedIn: true,
    field: 'name',
    label: 'Holiday name',
    body: () => ({ name: 'Founders Day', date: '2031-02-03' }),
  },
  {
    route: 'settings',
    method: 'PUT',
    url: () => '/api/settings',
    signedIn: true,
    field: 'siteName',
    label: 'Site name',
    body: () => ({ siteName: 'Demo', saturdayWorkday: false, sundayWorkday: false }),
  },
  {
    route: 'settings',
    method: 'PUT',
    url: () => '/api/settings',
    signedIn: true,
    field: 'businessName',
    label: 'Company name',
    body: () => ({ siteName: 'Demo', businessName: 'Demo Co', saturdayWorkday: false, sundayWorkday: false }),
  },
];

const send = (c: Case, body: Record<string, unknown>) =>
  t.app.inject({ method: c.method, url: c.url(), payload: body, headers: c.signedIn ? { cookie } : {} });

describe('control characters in text fields', () => {
  it.each(
    cases.flatMap((c) => ['\u0000', '\u0007', '\u001b', '\u007f'].map((ch) => [c.route, c.field, JSON.stringify(ch), c, ch] as const)),
  )('%s: %s with %s → 400', async (_route, _field, _shown, c, ch) => {
    const body = c.body();
    body[c.field] = `Nul${ch}Co`;
    const res = await send(c, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${c.label} must not contain control characters`);
  });

  it('keeps line breaks and tabs in multi-line text, refuses them in single-line text', async () => {
    const multiline = cases.find((c) => c.route === 'create note' && c.field === 'description')!;
    const ok = await send(multiline, { ...multiline.body(), description: 'line one\nline two\r\n\tindented' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().description).toBe('line one\nline two\r\n\tindented');

    const single = cases.find((c) => c.route === 'create note' && c.field === 'title')!;
    const refused = await send(single, { ...single.body(), title: 'two\nlines' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Note must not contain control characters');
  });
});
