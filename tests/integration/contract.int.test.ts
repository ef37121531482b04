import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, mailOutbox, siteUsers } from '../../src/server/db/schema';
import { codeAt } from '../totp-reference';
import { contractChecker, operationsOf, type OpenApiDoc } from './contract-check';
import { createClock, sessionCookie, startTestApp, type TestApp } from './harness';

/**
 * Every operation of the OpenAPI document is called on the demo business (decision 070): each success
 * answer, and at least one refusal of each, must match what the document says of it. A new route fails the
 * last test until it gets a call here.
 */

const clock = createClock();
let t: TestApp;
let doc: OpenApiDoc;
let c: ReturnType<typeof contractChecker>;
let admin: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async <T = unknown>(operation: string, url: string, opts: { body?: unknown; cookie?: string } = {}) => {
  const res = await t.request(operation.split(' ')[0] as Method, url, { cookie: opts.cookie ?? admin, body: opts.body });
  return { res, body: c.check<T>(operation, res) };
};

const DAY = '2031-03-12';
const WINDOW = 'startDate=2031-03-01&endDate=2031-03-31';

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  admin = await t.login('admin@demo.example');
  doc = (await t.get('/api/openapi.json')).json();
  c = contractChecker(doc);
});
afterAll(() => t?.close());

describe('every documented operation answers as documented', () => {
  it('the calendar records: employees, exception types, exceptions, notes, holidays, day changes', async () => {
    await call('GET /api/auth/me', '/api/auth/me');
    await call('GET /api/employees', '/api/employees');
    const hours = {
      mondayHours: 7.6,
      tuesdayHours: 7.6,
      wednesdayHours: 7.6,
      thursdayHours: 7.6,
      fridayHours: 7.6,
      saturdayHours: 0,
      sundayHours: 0,
    };
    const emp = (
      await call<{ id: number }>('POST /api/employees', '/api/employees', { body: { name: 'Contract Ann', efficiency: 90, ...hours } })
    ).body;
    await call('PUT /api/employees/{id}', `/api/employees/${emp.id}`, { body: { name: 'Contract Ann B', efficiency: 95, ...hours } });
    await call('POST /api/employees/{id}/reorder', `/api/employees/${emp.id}/reorder`, { body: { direction: 'up' } });

    // Teams (decision 085): a team, a rename and a move, an employee put in it, a name taken (409), then gone.
    await call('GET /api/teams', '/api/teams');
    const team = (await call<{ id: number }>('POST /api/teams', '/api/teams', { body: { name: 'Contract team' } })).body;
    await call('POST /api/teams', '/api/teams', { body: { name: 'CONTRACT TEAM' } });
    await call('PUT /api/teams/{id}', `/api/teams/${team.id}`, { body: { name: 'Contract team 2', sortOrder: 0 } });
    await call('PUT /api/employees/{id}', `/api/employees/${emp.id}`, {
      body: { name: 'Contract Ann B', efficiency: 95, ...hours, teamId: team.id },
    });
    await call('PUT /api/employees/{id}', `/api/employees/${emp.id}`, {
      body: { name: 'Contract Ann B', efficiency: 95, ...hours, teamId: 2_000_000_000 },
    });
    await call('DELETE /api/teams/{id}', `/api/teams/${team.id}`);
    await call('DELETE /api/teams/{id}', `/api/teams/${team.id}`);

    // Contract versions (decision 076): a future version, a date already taken (400), a change of the past not
    // yet confirmed (409 with the counts), an end date, deleting a version, and the only one (400).
    const versionsUrl = `/api/employees/${emp.id}/contracts`;
    type Versions = { contracts: Array<{ id: number; validFrom: string | null }> };
    const first = (await call<Versions>('GET /api/employees/{id}/contracts', versionsUrl)).body.contracts[0];
    const later = { ...hours, efficiency: 80, validFrom: '2040-01-05' };
    const added = (await call<Versions>('POST /api/employees/{id}/contracts', versionsUrl, { body: later })).body;
    await call('POST /api/employees/{id}/contracts', versionsUrl, { body: later });
    const next = added.contracts.find((v) => v.validFrom === '2040-01-05')!;
    const versionUrl = (id: number) => `${versionsUrl}/${id}`;
    await call('PUT /api/employees/{id}/contracts/{contractId}', versionUrl(next.id), { body: { ...later, validFrom: '2040-02-06' } });
    await call('PUT /api/employees/{id}/contracts/{contractId}', versionUrl(first.id), {
      body: { ...hours, efficiency: 50, validFrom: null },
    });
    await call('PUT /api/employees/{id}/end-date', `/api/employees/${emp.id}/end-date`, { body: { endDate: '2041-01-01' } });
    await call('PUT /api/employees/{id}/end-date', `/api/employees/${emp.id}/end-date`, { body: { endDate: 'soon' } });
    await call('DELETE /api/employees/{id}/contracts/{contractId}', versionUrl(next.id));
    await call('DELETE /api/employees/{id}/contracts/{contractId}', versionUrl(first.id));
    await call('GET /api/employees/{id}/absence-totals', `/api/employees/${emp.id}/absence-totals?${WINDOW}`);
    await call('GET /api/employees/{id}/absence-totals', `/api/employees/${emp.id}/absence-totals?startDate=2031-03-31&endDate=2031-03-01`);
    await call('GET /api/day-explain', `/api/day-explain?date=${DAY}`);
    await call('GET /api/day-explain', '/api/day-explain?date=2031-02-30');

    await call('GET /api/exception-reasons', '/api/exception-reasons');
    const reason = (
      await call<{ id: number }>('POST /api/exception-reasons', '/api/exception-reasons', {
        body: { name: 'Contract leave', color: '#3b82f6' },
      })
    ).body;
    await call('PUT /api/exception-reasons/{id}', `/api/exception-reasons/${reason.id}`, {
      body: { name: 'Contract leave 2', color: '#22c55e', isAdditive: false },
    });
    await call('POST /api/exception-reasons/{id}/reorder', `/api/exception-reasons/${reason.id}/reorder`, { body: { direction: 'down' } });

    await call('GET /api/exceptions', `/api/exceptions?${WINDOW}`);
    const fields = { employeeId: emp.id, reasonId: reason.id, startDate: DAY, endDate: DAY, isFullDay: false, hours: 2.5, notes: null };
    const ex = (await call<{ id: number; version: number }>('POST /api/exceptions', '/api/exceptions', { body: fields })).body;
    const moved = (
      await call<{ version: number }>('PUT /api/exceptions/{id}', `/api/exceptions/${ex.id}`, {
        body: { ...fields, hours: 3.1, version: ex.version },
      })
    ).body;
    await call('PUT /api/absences/{id}', `/api/absences/${ex.id}`, { body: { ...fields, hours: 1.2, version: moved.version } });
    // A stale version: the documented 409.
    await call('PUT /api/exceptions/{id}', `/api/exceptions/${ex.id}`, { body: { ...fields, version: ex.version } });

    await call('GET /api/notes', `/api/notes?${WINDOW}`);
    const note = (
      await call<{ id: number; version: number }>('POST /api/notes', '/api/notes', {
        body: { title: 'Contract note', startDate: DAY, color: '#f59e0b' },
      })
    ).body;
    await call('PATCH /api/notes/{id}', `/api/notes/${note.id}`, { body: { title: 'Contract note 2', version: note.version } });

    await call('GET /api/public-holidays', `/api/public-holidays?${WINDOW}`);
    const holiday = (
      await call<{ id: number }>('POST /api/public-holidays', '/api/public-holidays', {
        body: { name: 'Contract Day', date: '2031-03-14' },
      })
    ).body;

    await call('GET /api/day-changes', `/api/day-changes?${WINDOW}`);
    await call('POST /api/day-changes/mark', '/api/day-changes/mark', { body: { date: DAY } });
    await call('POST /api/day-changes/authorise', '/api/day-changes/authorise', { body: { date: DAY } });
    await call('POST /api/day-changes/authorise-multiple', '/api/day-changes/authorise-multiple', { body: { dates: [DAY] } });
    await call('GET /api/calendar', `/api/calendar?${WINDOW}&shell=1`);

    await call('DELETE /api/exceptions/{id}', `/api/exceptions/${ex.id}`);
    await call('DELETE /api/notes/{id}', `/api/notes/${note.id}`);
    await call('DELETE /api/public-holidays/{id}', `/api/public-holidays/${holiday.id}`);
    await call('DELETE /api/exception-reasons/{id}', `/api/exception-reasons/${reason.id}`);
    await call('DELETE /api/employees/{id}', `/api/employees/${emp.id}`);
    // Gone: the documented 404.
    await call('DELETE /api/employees/{id}', `/api/employees/${emp.id}`);
  });

  it('settings, holidays catalogue, reports, feeds, import and export', async () => {
    const settings = (
      await call<{ siteName: string; businessName: string | null; saturdayWorkday: boolean; sundayWorkday: boolean }>(
        'GET /api/settings',
        '/api/settings',
      )
    ).body;
    const { siteName, businessName, saturdayWorkday, sundayWorkday } = settings;
    await call('PUT /api/settings', '/api/settings', { body: { siteName, businessName, saturdayWorkday, sundayWorkday } });
    await call('POST /api/settings/reorder-categories', '/api/settings/reorder-categories', {
      body: { categoryType: 'notes', direction: 'up' },
    });
    await call('GET /api/holiday-catalogue/countries', '/api/holiday-catalogue/countries');
    await call('GET /api/holiday-catalogue/states', '/api/holiday-catalogue/states?country=GB');
    await call('GET /api/holiday-catalogue/holidays', '/api/holiday-catalogue/holidays?country=GB&year=2031');
    await call('POST /api/public-holidays/import', '/api/public-holidays/import', {
      body: { country: 'GB', state: null, holidays: [{ date: '2031-04-02', name: 'Contract Import Day' }] },
    });
    await call('GET /api/data-maintenance/preview', '/api/data-maintenance/preview?retentionDays=3650&futureDataDays=5');
    await call('GET /api/data-maintenance/preview', '/api/data-maintenance/preview?retentionDays=30&retentionDays=40');
    await call('POST /api/data-maintenance', '/api/data-maintenance', { body: { retentionDays: 3650, futureDataDays: 400 } });

    const range = { startDate: '2031-03-01', endDate: '2031-03-31' };
    await call('GET /api/reports/count', `/api/reports/count?${WINDOW}&siteScope=current`);
    await call('POST /api/report-preview', '/api/report-preview', { body: range });
    await call('POST /api/generate-pdf', '/api/generate-pdf', { body: range });
    await call('POST /api/reports/csv', '/api/reports/csv', { body: { ...range, reportType: 'hours' } });
    await call('POST /api/email-report', '/api/email-report', {
      body: { ...range, emailAddresses: 'payroll@example.test', reportType: 'exceptions' },
    });
    const list = { name: 'Payroll', addresses: ['payroll@example.test'] };
    const saved = (await call<{ id: number }>('POST /api/report-recipient-lists', '/api/report-recipient-lists', { body: list })).body;
    await call('GET /api/report-recipient-lists', '/api/report-recipient-lists');
    await call('PUT /api/report-recipient-lists/{id}', `/api/report-recipient-lists/${saved.id}`, { body: { ...list, name: 'Pay' } });
    await call('DELETE /api/report-recipient-lists/{id}', `/api/report-recipient-lists/${saved.id}`);

    await call('GET /api/calendar-feeds', '/api/calendar-feeds');
    const feed = (
      await call<{ id: number }>('POST /api/calendar-feeds', '/api/calendar-feeds', { body: { employeeId: null, includeNotes: true } })
    ).body;
    await call('POST /api/calendar-feeds/{id}/renew', `/api/calendar-feeds/${feed.id}/renew`);
    await call('DELETE /api/calendar-feeds/{id}', `/api/calendar-feeds/${feed.id}`);

    const employeesCsv = (await call('GET /api/export/employees.csv', '/api/export/employees.csv')).res.body;
    // The demo's exceptions lie around today.
    const around = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const exceptionsCsv = (
      await call('GET /api/export/exceptions.csv', `/api/export/exceptions.csv?startDate=${around(-10)}&endDate=${around(10)}`)
    ).res.body;
    await call('POST /api/import/employees/preview', '/api/import/employees/preview', { body: { csv: employeesCsv } });
    await call('POST /api/import/employees', '/api/import/employees', { body: { csv: employeesCsv } });
    await call('POST /api/import/exceptions/preview', '/api/import/exceptions/preview', { body: { csv: exceptionsCsv } });
    await call('POST /api/import/exceptions', '/api/import/exceptions', { body: { csv: exceptionsCsv } });
  });

  it('users, sites, notifications, tokens, two-factor sign-in and bug reports', async () => {
    await call('GET /api/auth/site-users', '/api/auth/site-users');
    const email = 'contract-admin@example.test';
    const password = 'Contract-check-password-1';
    const user = (
      await call<{ id: number }>('POST /api/auth/create-user', '/api/auth/create-user', { body: { email, password, isAdmin: true } })
    ).body;
    await call('GET /api/auth/users/{id}/site-permissions', `/api/auth/users/${user.id}/site-permissions`);
    await call('PUT /api/auth/users/{id}/site-permissions', `/api/auth/users/${user.id}/site-permissions`, { body: { siteIds: [] } });
    await call('PATCH /api/auth/users/{id}', `/api/auth/users/${user.id}`, { body: { isAdmin: true, employeeId: null } });
    // Decision 091: an employee invited to sign in as Staff.
    const employees = (await call<Array<{ id: number; userId: number | null }>>('GET /api/employees', '/api/employees')).body;
    const unlinked = employees.find((e) => e.userId === null);
    await call('POST /api/employees/{id}/invite', `/api/employees/${unlinked?.id}/invite`, {
      body: { email: 'contract-staff@example.test' },
    });

    const sites = (await call<Array<{ id: number; subdomain: string }>>('GET /api/sites', '/api/sites')).body;
    const site = (await call<{ id: number }>('POST /api/sites', '/api/sites', { body: { name: 'Contract Team' } })).body;
    await call('PUT /api/sites/{siteId}/name', `/api/sites/${site.id}/name`, { body: { name: 'Contract Team 2' } });
    await call('DELETE /api/sites/{id}', `/api/sites/${site.id}`);
    const north = sites.find((s) => s.subdomain === 'demo-north');
    const home = sites.find((s) => s.subdomain === 'demo');
    await call('POST /api/switch-site', '/api/switch-site', { body: { siteId: north?.id } });
    await call('POST /api/switch-site', '/api/switch-site', { body: { siteId: home?.id } });

    await call('GET /api/saved-notifications', '/api/saved-notifications');
    const digest = { name: 'Contract digest', recipientEmails: ['ops@example.test'], sendTime: '07:30', upcomingExceptionDays: 14 };
    const saved = (await call<{ id: number }>('POST /api/saved-notifications', '/api/saved-notifications', { body: digest })).body;
    await call('PUT /api/saved-notifications/{id}', `/api/saved-notifications/${saved.id}`, { body: { ...digest, sendTime: '08:00' } });
    await call('PATCH /api/saved-notifications/{id}/toggle', `/api/saved-notifications/${saved.id}/toggle`, { body: { enabled: false } });
    await call('DELETE /api/saved-notifications/{id}', `/api/saved-notifications/${saved.id}`);
    await call('GET /api/notification-settings', '/api/notification-settings');
    await call('PUT /api/notification-settings', '/api/notification-settings', { body: { enabled: false, send_time: '09:30' } });
    await call('POST /api/test-email', '/api/test-email', { body: { email: 'ops@example.test' } });

    await call('GET /api/api-tokens', '/api/api-tokens');
    const token = (
      await call<{ id: number }>('POST /api/api-tokens', '/api/api-tokens', { body: { name: 'Contract tool', scope: 'read' } })
    ).body;
    await call('DELETE /api/api-tokens/{id}', `/api/api-tokens/${token.id}`);
    await call('POST /api/bug-report', '/api/bug-report', { body: { subject: 'Contract check', details: 'Sent by the contract test' } });

    // Two-factor sign-in for the new admin: set up, sign in with a code, turn off. Each code from its own 30 s step.
    const own = await t.login(email, password);
    await call('GET /api/auth/two-factor', '/api/auth/two-factor', { cookie: own });
    const { secret } = (await call<{ secret: string }>('POST /api/auth/two-factor/setup', '/api/auth/two-factor/setup', { cookie: own }))
      .body;
    await call('POST /api/auth/two-factor/enable', '/api/auth/two-factor/enable', {
      cookie: own,
      body: { code: codeAt(secret, clock.now()) },
    });
    clock.advance(31_000);
    const { challenge } = (
      await call<{ challenge: string }>('POST /api/auth/login', '/api/auth/login', { cookie: '', body: { email, password } })
    ).body;
    const signedIn = (
      await call('POST /api/auth/login/two-factor', '/api/auth/login/two-factor', {
        cookie: '',
        body: { challenge, code: codeAt(secret, clock.now()) },
      })
    ).res;
    clock.advance(31_000);
    const second = sessionCookie(signedIn) ?? '';
    await call('POST /api/auth/two-factor/disable', '/api/auth/two-factor/disable', {
      cookie: second,
      body: { password, code: codeAt(secret, clock.now()) },
    });
    await call('POST /api/auth/logout', '/api/auth/logout', { cookie: second });
    await call('PATCH /api/auth/users/{id}/toggle-status', `/api/auth/users/${user.id}/toggle-status`);
  });

  it('accounts: register, forgot and reset a password', async () => {
    const email = 'contract-owner@example.test';
    const password = 'Contract-owner-password-1';
    await call('POST /auth/register', '/auth/register', {
      cookie: '',
      body: { siteName: 'Contract Co', siteSubdomain: 'contract-co', email, password, confirmPassword: password },
    });
    await call('POST /auth/forgot-password', '/auth/forgot-password', { cookie: '', body: { email } });
    await t.mailer.settled();
    const [mail] = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = decodeURIComponent(/\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    await call('GET /auth/reset-password/check', `/auth/reset-password/check?token=${encodeURIComponent(token)}`, { cookie: '' });
    await call('GET /auth/reset-password/check', `/auth/reset-password/check?token=${'x'.repeat(201)}`, { cookie: '' });
    await call('POST /auth/reset-password', '/auth/reset-password', {
      cookie: '',
      body: { token, newPassword: 'Contract-owner-password-2' },
    });
    await call('POST /auth/reset-password', '/auth/reset-password', {
      cookie: '',
      body: { token, newPassword: 'Contract-owner-password-3' },
    });
    expect(await t.login(email, 'Contract-owner-password-2')).toBeTruthy();
  });

  it('time-off requests: ask, weigh, decide, cancel, approvers', async () => {
    const [user] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'user@demo.example'));
    const [emp] = await t.db.select().from(employees).where(eq(employees.siteId, user.siteId)).limit(1);
    await t.db.update(employees).set({ userId: user.id }).where(eq(employees.id, emp.id));
    const requester = await t.login('user@demo.example');
    const reasons = (await t.get('/api/exception-reasons', admin)).json() as Array<{ id: number }>;
    const ask = (startDate: string) =>
      call<{ id: number }>('POST /api/leave-requests', '/api/leave-requests', {
        cookie: requester,
        body: { reasonId: reasons[0].id, startDate, endDate: startDate },
      });
    const r = (await ask('2031-05-05')).body;
    await ask('2031-05-05');
    await call('GET /api/leave-requests', '/api/leave-requests?status=pending&from=2031-05-01&to=2031-05-31');
    await call('GET /api/leave-requests', '/api/leave-requests?status=maybe');
    await call('GET /api/leave-requests/{id}', `/api/leave-requests/${r.id}`);
    await call('GET /api/leave-requests/{id}', '/api/leave-requests/2000000000');
    await call('GET /api/leave-requests/{id}/impact', `/api/leave-requests/${r.id}/impact`);
    await call('GET /api/leave-requests/{id}/impact', '/api/leave-requests/2000000000/impact');
    await call('POST /api/leave-requests/{id}/decline', `/api/leave-requests/${r.id}/decline`, { body: {} });
    await call('POST /api/leave-requests/{id}/approve', `/api/leave-requests/${r.id}/approve`, { cookie: requester, body: {} });
    await call('POST /api/leave-requests/{id}/approve', `/api/leave-requests/${r.id}/approve`, { body: { comment: 'Fine' } });
    await call('POST /api/leave-requests/{id}/cancel', `/api/leave-requests/${r.id}/cancel`, { body: {} });
    await call('POST /api/leave-requests/{id}/cancel', `/api/leave-requests/${r.id}/cancel`, { body: {} });
    const d = (await ask('2031-05-12')).body;
    await call('POST /api/leave-requests/{id}/decline', `/api/leave-requests/${d.id}/decline`, { body: { comment: 'Busy week' } });
    await call('GET /api/leave-approvers', '/api/leave-approvers');
    await call('GET /api/leave-approvers', '/api/leave-approvers', { cookie: requester });
    await call('PUT /api/leave-approvers', '/api/leave-approvers', { body: { userIds: [user.id] } });
    await call('PUT /api/leave-approvers', '/api/leave-approvers', { body: { userIds: [] } });
  });

  it('allowances: policy, adjustments, balances and their CSV', async () => {
    const policy = {
      unit: 'days',
      entitlementHours: 0,
      fullTimeWeeklyHours: 38,
      entitlementDays: 20,
      fullWeekDays: 5,
      yearStartMonth: 4,
      accrual: 'monthly',
      carryOverCapHours: 38,
      carryOverExpiry: { month: 6, day: 30 },
      firstLeaveYear: 2030,
    };
    await call('PUT /api/allowance-policy', '/api/allowance-policy', { body: policy });
    await call('PUT /api/allowance-policy', '/api/allowance-policy', { body: { ...policy, carryOverExpiry: { month: 2, day: 29 } } });
    await call('GET /api/allowance-policy', '/api/allowance-policy');
    const [emp] = (await t.get('/api/employees', admin)).json() as Array<{ id: number }>;
    const adjustments = `/api/employees/${emp.id}/balance-adjustments`;
    await call('POST /api/employees/{id}/balance-adjustments', adjustments, {
      body: { date: '2031-04-01', hours: -7.6, reason: 'Bought back a day' },
    });
    await call('POST /api/employees/{id}/balance-adjustments', adjustments, { body: { date: '2031-04-01', hours: 1, reason: '' } });
    await call('GET /api/employees/{id}/balance-adjustments', adjustments);
    await call('GET /api/employees/{id}/balance-adjustments', '/api/employees/2000000000/balance-adjustments');
    await call('GET /api/balances', `/api/balances?year=2030&employeeId=${emp.id}`);
    await call('GET /api/balances', '/api/balances?year=1999');
    const reasons = (await t.get('/api/exception-reasons', admin)).json() as Array<{ id: number; countsAgainstAllowance: boolean }>;
    const leave = reasons.find((r) => r.countsAgainstAllowance)!.id;
    const previewUrl = (q: string) => `/api/balances/preview?employeeId=${emp.id}&reasonId=${leave}&${q}`;
    await call('GET /api/balances/preview', previewUrl('startDate=2031-04-07&endDate=2031-04-08'));
    await call('GET /api/balances/preview', previewUrl('startDate=2031-04-07&endDate=2031-04-07&isFullDay=false&hours=3.5'));
    await call('GET /api/balances/preview', previewUrl('startDate=2031-04-08&endDate=2031-04-07'));
    await call('GET /api/balances/preview', previewUrl('startDate=2031-04-07&endDate=2031-04-07&requestId=2000000000'));
    await call('GET /api/export/balances.csv', '/api/export/balances.csv?year=2030');
    await call('GET /api/export/balances.csv', '/api/export/balances.csv?year=nope');
  });

  it('coverage: minimum hours by weekday, overrides and the date they hold from', async () => {
    await call('PUT /api/coverage-rules', '/api/coverage-rules', {
      body: {
        weekdays: { monday: 40, friday: 32.5 },
        // A Monday no staffing can cover: any time off that day leaves it short (decision 097).
        overrides: [
          { date: '2031-12-22', hours: 9999 },
          { date: '2031-12-24', hours: 0 },
        ],
        validFrom: '2031-01-01',
      },
    });
    await call('PUT /api/coverage-rules', '/api/coverage-rules', { body: { weekdays: { monday: -1 }, validFrom: '2031-01-01' } });
    await call('GET /api/coverage-rules', '/api/coverage-rules');
    await call('GET /api/coverage-rules', '/api/coverage-rules', { cookie: '' });

    const [emp] = (await t.get('/api/employees', admin)).json() as Array<{ id: number }>;
    const reasons = (await t.get('/api/exception-reasons', admin)).json() as Array<{ id: number; isAdditive: boolean }>;
    const away = { employeeId: emp.id, reasonId: reasons.find((r) => !r.isAdditive)!.id, startDate: '2031-12-22', endDate: '2031-12-22' };
    const q = `employeeId=${emp.id}&startDate=2031-12-22&endDate=2031-12-22`;
    const suggested = await call<{ shortfalls: unknown[] }>('GET /api/coverage/suggest', `/api/coverage/suggest?${q}`);
    expect(suggested.body.shortfalls).toHaveLength(1);
    await call('GET /api/coverage/suggest', '/api/coverage/suggest?employeeId=2000000000&startDate=2031-12-22&endDate=2031-12-22');
    // The guard's 409, with the days, and the change confirmed with a reason.
    const refused = await call('POST /api/exceptions', '/api/exceptions', { body: away });
    expect(refused.res.statusCode).toBe(409);
    await call('POST /api/exceptions', '/api/exceptions', { body: { ...away, coverageConfirmation: { reason: 'Contract check' } } });
  });

  it('capacity forecast (decision 100): the days of every site, and its CSV', async () => {
    await call('GET /api/coverage/forecast', '/api/coverage/forecast?from=2031-03-03&weeks=2');
    await call('GET /api/coverage/forecast', '/api/coverage/forecast?weeks=13');
    await call('GET /api/export/capacity.csv', '/api/export/capacity.csv?from=2031-03-03&weeks=1');
    await call('GET /api/export/capacity.csv', '/api/export/capacity.csv?from=2031-02-30');
  });

  it('billing: status, trial settings, plans, beta, and the end of the trial', async () => {
    await call('GET /api/subscription/status', '/api/subscription/status');
    await call('POST /api/subscription/update-trial-settings', '/api/subscription/update-trial-settings', { body: { trialDays: 30 } });
    await call('POST /api/subscription/activate', '/api/subscription/activate', { body: { planType: 'professional' } });
    await call('POST /api/subscription/enable-beta-mode', '/api/subscription/enable-beta-mode');
    await call('POST /api/subscription/end-trial', '/api/subscription/end-trial');
    // Payments are off in tests (no Stripe keys): only its refusal can be checked.
    await call('POST /api/get-or-create-subscription', '/api/get-or-create-subscription', { body: { planType: 'starter' } });
  });

  it('refuses a caller who is not signed in with the documented { message }, and bad input with its issues', async () => {
    for (const operation of operationsOf(doc)) {
      const [method, path] = operation.split(' ');
      const url = path.replace(/\{\w+\}/g, '1');
      const res = await t.request(method as Method, url, { body: ['GET', 'DELETE'].includes(method) ? undefined : { nonsense: true } });
      if (res.statusCode !== 200) c.check(operation, res);
    }
    await call('POST /api/notifications/disable', '/api/notifications/disable?token=nonsense', { cookie: '' });
    await call('GET /api/notifications/disable', '/api/notifications/disable', { cookie: '' });
    await call('GET /api/leave-decision', '/api/leave-decision?token=nonsense', { cookie: '' });
    await call('POST /api/leave-decision', '/api/leave-decision?token=nonsense', { cookie: '' });
  });

  it('covered every operation of the document, each with a success and a refusal', () => {
    const all = operationsOf(doc);
    // Need Stripe keys, Stripe's signature or a signed link from a digest e-mail: their refusals are checked.
    const noSuccess = new Set([
      'POST /api/get-or-create-subscription',
      'POST /api/stripe/webhook',
      'POST /api/notifications/disable',
      'GET /api/notifications/disable',
      // A signed link from a time-off request's mail (leave-request-links.int.test.ts checks its successes).
      'GET /api/leave-decision',
      'POST /api/leave-decision',
    ]);
    // Answers 200 to anyone by design (signing out an absent session), so it has no refusal to check.
    const noRefusal = new Set(['POST /api/auth/logout']);
    expect(
      all.filter((o) => !c.succeeded.has(o) && !noSuccess.has(o)),
      'operations without a checked success',
    ).toEqual([]);
    expect(
      all.filter((o) => !c.refused.has(o) && !noRefusal.has(o)),
      'operations without a checked refusal',
    ).toEqual([]);
  });
});
