import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, exceptionReasons } from '../../src/server/db/schema';
import { addDaysStr } from '../../src/shared/domain/dates';
import {
  createBusiness,
  createEmployee,
  createException,
  createSite,
  createSiteReason,
  createStarterReasons,
  createTeam,
  createUser,
  dayChangeRows,
} from '../factories';
import { startTestApp, type TestApp } from './harness';

const NOW = new Date('2030-03-13T10:00:00Z');
const d = (n: number) => addDaysStr('2030-03-13', n);
const MON = d(5);
const PASSWORD = 'types-pass';

interface Reason {
  id: number;
  name: string;
  color: string;
  isAdditive: boolean;
  sortOrder: number;
  scope: 'business' | 'site';
}

let t: TestApp;
let siteId: number;
let siteB: number;
let admin: string;
let writer: string;
let viewer: string;
let userB: string;
let starter: Array<{ id: number; name: string }>;
let employeeA: number;
let employeeB: number;
let foreignSiteType: number;
let otherBusinessType: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  starter = team.reasons;
  siteB = (await createSite(t.db, team.business.id)).id;
  const b = await createUser(t.db, siteB, { password: PASSWORD });
  ({ id: employeeA } = await createEmployee(t.db, siteId, { name: 'A1' }));
  ({ id: employeeB } = await createEmployee(t.db, siteB, { name: 'B1' }));
  ({ id: foreignSiteType } = await createSiteReason(t.db, siteB, { name: 'B only' }));
  ({ id: otherBusinessType } = (await createStarterReasons(t.db, (await createBusiness(t.db)).id))[0]);
  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  viewer = await t.login(team.viewer.email, PASSWORD);
  userB = await t.login(b.email, PASSWORD);
});
afterAll(() => t?.close());

const list = async (cookie = writer): Promise<Reason[]> => (await t.get('/api/exception-reasons', cookie)).json();
const rowOf = async (id: number) => (await t.db.select().from(exceptionReasons).where(eq(exceptionReasons.id, id)))[0];
const allRows = () => t.db.select().from(exceptionReasons).orderBy(asc(exceptionReasons.id));
const create = async (body: Record<string, unknown>, cookie = writer): Promise<Reason> => {
  const res = await t.post('/api/exception-reasons', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('create', () => {
  it('creates a site-only type at the end of the visible list, seen by this site only', async () => {
    const before = await list();
    const res = await t.post('/api/exception-reasons', { name: '  Jury Service ', color: '#f97316', isAdditive: false }, writer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Jury Service',
      color: '#f97316',
      isAdditive: false,
      needsTwoApprovals: false,
      countsAgainstAllowance: false,
      isSickness: false,
      isRequestable: true,
      sortOrder: before.length,
      scope: 'site',
    });
    expect(await rowOf(res.json().id)).toMatchObject({ siteId, businessId: null });
    expect((await list()).at(-1)).toEqual(res.json());
    expect((await list(userB)).map((r) => r.id)).not.toContain(res.json().id);
  });

  it('defaults the colour to #3b82f6 and isAdditive to false; accepts #rgb', async () => {
    expect(await create({ name: 'Plain' })).toMatchObject({ color: '#3b82f6', isAdditive: false });
    expect(await create({ name: 'Short hex', color: '#0f0', isAdditive: true })).toMatchObject({ color: '#0f0', isAdditive: true });
  });

  it.each([
    [{ name: 'a' }, 'name', 'Name must be at least 2 characters'],
    [{ name: '  a  ' }, 'name', 'Name must be at least 2 characters'],
    [{ name: undefined }, 'name', 'Name must be at least 2 characters'],
    [{ color: '' }, 'color', 'Color is required'],
    [{ color: '#12' }, 'color', 'Color is required'],
    [{ color: 'blue' }, 'color', 'Color must be a hex code such as #3b82f6'],
    [{ color: '#12345' }, 'color', 'Color must be a hex code such as #3b82f6'],
    [{ isAdditive: 'yes' }, 'isAdditive', 'isAdditive must be true or false'],
  ])('refuses %j with 400 and the message', async (over, path, message) => {
    const before = await allRows();
    const res = await t.post('/api/exception-reasons', { name: 'Valid', color: '#123456', isAdditive: false, ...over }, writer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await allRows()).toEqual(before);
  });
});

describe('requestable as time off (decision 113)', () => {
  const refusal = { message: 'A type that adds hours cannot be requested as time off: turn one of them off' };

  it('a new absence type is requestable, a new additive one is not, and the starter Overtime is not', async () => {
    expect(await create({ name: 'Jury Duty' })).toMatchObject({ isAdditive: false, isRequestable: true });
    expect(await create({ name: 'Extra Shift', isAdditive: true })).toMatchObject({ isAdditive: true, isRequestable: false });
    expect(await create({ name: 'Unpaid', isRequestable: false })).toMatchObject({ isAdditive: false, isRequestable: false });
    const starterTypes = (await list()).filter((r) => r.scope === 'business');
    expect(starterTypes.map((r) => [r.name, (r as Reason & { isRequestable: boolean }).isRequestable])).toEqual([
      ['Annual Leave', true],
      ['Sick Leave', true],
      ['Training', true],
      ['Overtime', false],
    ]);
  });

  it('refuses a requestable type that adds hours with 400, on create and edit, and changes nothing', async () => {
    const before = await allRows();
    const made = await t.post('/api/exception-reasons', { name: 'Overtime Two', isAdditive: true, isRequestable: true }, writer);
    expect([made.statusCode, made.json()]).toEqual([400, refusal]);
    expect(await allRows()).toEqual(before);
    const own = await create({ name: 'Cover' });
    const edit = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Cover', isAdditive: true, isRequestable: true }, writer);
    expect([edit.statusCode, edit.json()]).toEqual([400, refusal]);
    expect(await rowOf(own.id)).toMatchObject({ isAdditive: false, isRequestable: true });
    // Turned off and on again by an edit; left out, it is kept.
    const off = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Cover', isRequestable: false }, writer);
    expect(off.json()).toMatchObject({ isRequestable: false });
    const kept = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Cover, renamed' }, writer);
    expect(kept.json()).toMatchObject({ isRequestable: false });
    const on = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Cover', isRequestable: true }, writer);
    expect(on.json()).toMatchObject({ isRequestable: true });
    const bad = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Cover', isRequestable: 'yes' }, writer);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'isRequestable must be true or false']);
  });
});

describe('edit and delete rights', () => {
  it('any writer edits a site-only type; business-wide types are for admins (403 otherwise)', async () => {
    const own = await create({ name: 'Mine' });
    const edited = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Mine, renamed', color: '#8b5cf6', isAdditive: true }, writer);
    expect(edited.statusCode).toBe(200);
    // Made to add hours, it stops being requestable as time off (decision 113).
    expect(edited.json()).toEqual({ ...own, name: 'Mine, renamed', color: '#8b5cf6', isAdditive: true, isRequestable: false });
    // Two approvals for its time-off requests (decision 092): set when sent, kept when an edit leaves it out.
    const two = await t.put(
      `/api/exception-reasons/${own.id}`,
      { name: 'Mine, renamed', color: '#8b5cf6', needsTwoApprovals: true },
      writer,
    );
    expect(two.json()).toMatchObject({ isAdditive: false, needsTwoApprovals: true });
    const kept = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Mine, again', color: '#8b5cf6' }, writer);
    expect(kept.json()).toMatchObject({ name: 'Mine, again', needsTwoApprovals: true });

    const business = starter[1]; // Sick Leave
    const before = await rowOf(business.id);
    for (const res of [
      await t.put(`/api/exception-reasons/${business.id}`, { name: 'Poorly', color: '#ef4444', isAdditive: false }, writer),
      await t.del(`/api/exception-reasons/${business.id}`, writer),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Admin access required' });
    }
    expect(await rowOf(business.id)).toEqual(before);

    const byAdmin = await t.put(`/api/exception-reasons/${business.id}`, { name: 'Sickness', color: '#dc2626', isAdditive: false }, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ name: 'Sickness', color: '#dc2626', scope: 'business' });
    // Shared: the other site of the business sees the new name.
    expect((await list(userB)).find((r) => r.id === business.id)?.name).toBe('Sickness');
  });

  it('validates edits with the same messages', async () => {
    const own = await create({ name: 'To edit' });
    const res = await t.put(`/api/exception-reasons/${own.id}`, { name: 'x', color: '#123456' }, writer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name must be at least 2 characters');
    expect((await rowOf(own.id)).name).toBe('To edit');
  });

  it('deletes an unused type: site-only by a writer, business-wide by an admin', async () => {
    const own = await create({ name: 'Short-lived' });
    const res = await t.del(`/api/exception-reasons/${own.id}`, writer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Exception type deleted' });
    expect(await rowOf(own.id)).toBeUndefined();
    expect((await t.del(`/api/exception-reasons/${own.id}`, writer)).json()).toEqual({ message: 'Exception type not found' });

    const training = starter[2];
    expect((await t.del(`/api/exception-reasons/${training.id}`, admin)).statusCode).toBe(200);
    expect((await list(userB)).map((r) => r.id)).not.toContain(training.id);
  });

  it('refuses with 409 to delete a type still used by exceptions, saying how many (all sites counted)', async () => {
    const own = await create({ name: 'Busy' });
    for (const n of [0, 1, 2]) await createException(t.db, { siteId, employeeId: employeeA, reasonId: own.id, startDate: d(20 + n) });
    const res = await t.del(`/api/exception-reasons/${own.id}`, writer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This exception type is used by 3 exceptions. Move or delete them first.' });
    expect(await rowOf(own.id)).toBeDefined();

    const single = await create({ name: 'Used once' });
    await createException(t.db, { siteId, employeeId: employeeA, reasonId: single.id, startDate: d(20) });
    expect((await t.del(`/api/exception-reasons/${single.id}`, writer)).json()).toEqual({
      message: 'This exception type is used by 1 exception. Move or delete them first.',
    });

    const annual = starter[0];
    await createException(t.db, { siteId, employeeId: employeeA, reasonId: annual.id, startDate: d(30) });
    await createException(t.db, { siteId: siteB, employeeId: employeeB, reasonId: annual.id, startDate: d(30) });
    const shared = await t.del(`/api/exception-reasons/${annual.id}`, admin);
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toBe('This exception type is used by 2 exceptions. Move or delete them first.');
  });
});

describe('hours follow the additive flag', () => {
  it('flipping isAdditive marks every day its exceptions cover, in every site using it, with the new hours', async () => {
    const own = await create({ name: 'Cover', isAdditive: false });
    await createException(t.db, { siteId, employeeId: employeeA, reasonId: own.id, startDate: MON, endDate: d(6) });
    await t.db
      .insert(dayChanges)
      .values(
        [MON, d(6), d(7)].map((date) => ({ siteId, date, defaultHours: 7.6, currentHours: 0, isAuthorised: true, authorisedHours: 0 })),
      );

    // A rename changes no hours: nothing is marked.
    const renamed = await t.put(`/api/exception-reasons/${own.id}`, { name: 'Cover shift', color: '#3b82f6', isAdditive: false }, writer);
    expect(renamed.statusCode).toBe(200);
    expect([...(await dayChangeRows(t.db, siteId)).values()].filter((r) => !r.isAuthorised)).toEqual([]);

    expect(
      (await t.put(`/api/exception-reasons/${own.id}`, { name: 'Cover shift', color: '#3b82f6', isAdditive: true }, writer)).statusCode,
    ).toBe(200);
    const rows = await dayChangeRows(t.db, siteId);
    expect([MON, d(6), d(7)].map((date) => [rows.get(date)?.currentHours, rows.get(date)?.isAuthorised])).toEqual([
      [15.2, false],
      [15.2, false],
      [0, true], // not covered by the exception: untouched
    ]);
    expect(rows.get(MON)?.lastModified.toISOString()).toBe(NOW.toISOString());

    const overtime = starter[3];
    await createException(t.db, { siteId, employeeId: employeeA, reasonId: overtime.id, startDate: d(12), isFullDay: false, hours: 2 });
    await createException(t.db, {
      siteId: siteB,
      employeeId: employeeB,
      reasonId: overtime.id,
      startDate: d(13),
      isFullDay: false,
      hours: 1,
    });
    expect(
      (await t.put(`/api/exception-reasons/${overtime.id}`, { name: 'Overtime', color: '#10b981', isAdditive: false }, admin)).statusCode,
    ).toBe(200);
    expect((await dayChangeRows(t.db, siteId)).get(d(12))).toMatchObject({ currentHours: 5.6, isAuthorised: false });
    expect((await dayChangeRows(t.db, siteB)).get(d(13))).toMatchObject({ currentHours: 6.6, isAuthorised: false });
  });
});

describe('reorder', () => {
  const names = (rows: Reason[]) => rows.map((r) => r.name);

  it('moves a type up and down the visible list, renumbering it densely', async () => {
    await create({ name: 'Reorder neighbour' });
    const own = await create({ name: 'Reorder me' });
    const start = names(await list());
    const i = start.indexOf('Reorder me');
    const up = await t.post(`/api/exception-reasons/${own.id}/reorder`, { direction: 'up' }, admin);
    expect(up.statusCode).toBe(200);
    const expected = [...start];
    [expected[i - 1], expected[i]] = [expected[i], expected[i - 1]];
    expect(names(up.json())).toEqual(expected);
    expect(up.json().map((r: Reason) => r.sortOrder)).toEqual(expected.map((_, k) => k));
    expect(names(await list())).toEqual(expected);
    const down = await t.post(`/api/exception-reasons/${own.id}/reorder`, { direction: 'down' }, admin);
    expect(names(down.json())).toEqual(start);
  });

  it('a regular user swaps two site types without touching a business-wide row', async () => {
    await create({ name: 'Swap first' });
    const own = await create({ name: 'Swap second' });
    const business = async () => (await allRows()).filter((r) => r.siteId === null);
    const shared = await business();
    const start = names(await list());
    const up = await t.post(`/api/exception-reasons/${own.id}/reorder`, { direction: 'up' }, writer);
    expect(up.statusCode, up.body).toBe(200);
    const i = start.indexOf('Swap second');
    const expected = [...start];
    [expected[i - 1], expected[i]] = [expected[i], expected[i - 1]];
    expect(names(up.json())).toEqual(expected);
    expect(names(await list())).toEqual(expected);
    expect(await business()).toEqual(shared);
  });

  it('is a no-op at either end', async () => {
    const rows = await list();
    expect(names((await t.post(`/api/exception-reasons/${rows[0].id}/reorder`, { direction: 'up' }, admin)).json())).toEqual(names(rows));
    expect(names((await t.post(`/api/exception-reasons/${rows.at(-1)!.id}/reorder`, { direction: 'down' }, writer)).json())).toEqual(
      names(rows),
    );
  });

  it('positions of business-wide types are shared by the sites of the business', async () => {
    const rows = await list();
    const firstBusiness = rows.find((r) => r.scope === 'business')!;
    const res = await t.post(`/api/exception-reasons/${firstBusiness.id}/reorder`, { direction: 'down' }, admin);
    expect(res.statusCode).toBe(200);
    const moved = (res.json() as Reason[]).find((r) => r.id === firstBusiness.id)!;
    expect((await list(userB)).find((r) => r.id === firstBusiness.id)?.sortOrder).toBe(moved.sortOrder);
  });

  it('a regular user cannot move a business-wide type, nor a site type past one; nothing changes', async () => {
    const before = await allRows();
    const rows = await list();
    const business = rows.find((r) => r.scope === 'business')!;
    const firstSite = rows.findIndex((r) => r.scope === 'site');
    expect(rows[firstSite - 1].scope).toBe('business');
    for (const [id, direction] of [
      [business.id, 'down'],
      [business.id, 'up'],
      [rows[firstSite].id, 'up'],
    ] as const) {
      const res = await t.post(`/api/exception-reasons/${id}/reorder`, { direction }, writer);
      expect([id, direction, res.statusCode, res.json()]).toEqual([id, direction, 403, { message: 'Admin access required' }]);
    }
    expect(await allRows()).toEqual(before);
    const byAdmin = await t.post(`/api/exception-reasons/${rows[firstSite].id}/reorder`, { direction: 'up' }, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(names(byAdmin.json()).indexOf(rows[firstSite].name)).toBe(firstSite - 1);
  });

  it('refuses a direction other than up or down', async () => {
    // An admin: a writer's move of a business-wide type is refused by role before its body (decision 105).
    const res = await t.post(`/api/exception-reasons/${starter[0].id}/reorder`, { direction: 'left' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Direction must be up or down');
  });
});

describe('tenancy and roles', () => {
  it('answers 404 for a type of another site or business on every route, leaving it unchanged', async () => {
    const before = await allRows();
    for (const id of [foreignSiteType, otherBusinessType]) {
      for (const res of [
        await t.put(`/api/exception-reasons/${id}`, { name: 'Taken', color: '#000000', isAdditive: true }, admin),
        await t.del(`/api/exception-reasons/${id}`, admin),
        await t.post(`/api/exception-reasons/${id}/reorder`, { direction: 'up' }, admin),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Exception type not found' });
      }
    }
    expect(await allRows()).toEqual(before);
  });

  it('the read-only user gets 403 on every change, and nothing changes', async () => {
    const own = await create({ name: 'Viewer target' });
    const before = await allRows();
    for (const res of [
      await t.post('/api/exception-reasons', { name: 'Viewer made' }, viewer),
      await t.put(`/api/exception-reasons/${own.id}`, { name: 'Viewer edit' }, viewer),
      await t.del(`/api/exception-reasons/${own.id}`, viewer),
      await t.post(`/api/exception-reasons/${own.id}/reorder`, { direction: 'up' }, viewer),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Read-only users cannot make changes.' });
    }
    expect(await allRows()).toEqual(before);
    expect((await t.get('/api/exception-reasons', viewer)).statusCode).toBe(200);
  });

  it.each([
    ['POST', '/api/exception-reasons', { name: 'Signed out' }],
    ['PUT', '/api/exception-reasons/1', { name: 'Signed out' }],
    ['DELETE', '/api/exception-reasons/1', undefined],
    ['POST', '/api/exception-reasons/1/reorder', { direction: 'up' }],
  ] as const)('signed out, %s %s answers 401', async (method, url, body) => {
    const before = await allRows();
    const res = await t.request(method, url, { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
    expect(await allRows()).toEqual(before);
  });
});
