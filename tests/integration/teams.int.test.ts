import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createEmployee, createSite, createTeam as createTenantTeam, createUser, employeeInput } from '../factories';
import { calendarLists } from '../calendar-reply';
import { startTestApp, type TestApp } from './harness';

/**
 * Teams within a site (decision 085): admins create, rename, move and delete them; everyone on the site reads
 * them; an employee names at most one team of its own site; another site's or business's team is unknown.
 */

const PASSWORD = 'teams-pass';
const NOW = new Date('2030-03-13T10:00:00Z');

let t: TestApp;
let admin: string;
let writer: string;
let viewer: string;
let readOnlyAdmin: string;
let siblingAdmin: string;
let otherAdmin: string;
let employeeId: number;

interface Team {
  id: number;
  name: string;
  sortOrder: number;
  employeeCount: number;
}

const list = async (cookie = admin): Promise<Team[]> => (await t.get('/api/teams', cookie)).json();
const create = async (name: string, cookie = admin): Promise<Team> => {
  const res = await t.post('/api/teams', { name }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const names = async (cookie = admin) => (await list(cookie)).map((x) => `${x.sortOrder}:${x.name}`);

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const tenant = await createTenantTeam(t.db, PASSWORD);
  const ro = await createUser(t.db, tenant.site.id, { password: PASSWORD, isAdmin: true, isReadOnly: true });
  const sibling = await createSite(t.db, tenant.business.id);
  const siblingUser = await createUser(t.db, sibling.id, { password: PASSWORD, isAdmin: true });
  const otherBusiness = await createBusiness(t.db);
  const otherSite = await createSite(t.db, otherBusiness.id);
  const otherUser = await createUser(t.db, otherSite.id, { password: PASSWORD, isAdmin: true });
  ({ id: employeeId } = await createEmployee(t.db, tenant.site.id, { name: 'Ann' }));
  await createEmployee(t.db, sibling.id, { name: 'Sib' });
  admin = await t.login(tenant.admin.email, PASSWORD);
  writer = await t.login(tenant.writer.email, PASSWORD);
  viewer = await t.login(tenant.viewer.email, PASSWORD);
  readOnlyAdmin = await t.login(ro.email, PASSWORD);
  siblingAdmin = await t.login(siblingUser.email, PASSWORD);
  otherAdmin = await t.login(otherUser.email, PASSWORD);
});
afterAll(() => t?.close());

describe('teams', () => {
  it('an admin creates teams at the end of the list, names trimmed', async () => {
    expect(await list()).toEqual([]);
    const packing = await create('  Packing  ');
    expect(packing).toEqual({ id: packing.id, name: 'Packing', sortOrder: 0, employeeCount: 0 });
    await create('Dispatch');
    await create('Office');
    expect(await names()).toEqual(['0:Packing', '1:Dispatch', '2:Office']);
  });

  it('everyone on the site reads the list; only its site sees it', async () => {
    expect(await names(writer)).toEqual(['0:Packing', '1:Dispatch', '2:Office']);
    expect(await names(viewer)).toEqual(['0:Packing', '1:Dispatch', '2:Office']);
    expect(await list(siblingAdmin)).toEqual([]);
    expect(await list(otherAdmin)).toEqual([]);
    expect((await t.get('/api/teams')).statusCode).toBe(401);
  });

  it('refuses a name already used in the site, whatever its case, but not one of another site', async () => {
    const res = await t.post('/api/teams', { name: 'packing' }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A team named "Packing" already exists' });
    const sibling = await t.post('/api/teams', { name: 'Packing' }, siblingAdmin);
    expect(sibling.statusCode).toBe(201);
  });

  it('refuses an empty, blank, too long or missing name with a message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '' }, 'Team name is required'],
      [{ name: '   ' }, 'Team name is required'],
      [{ name: 'x'.repeat(101) }, 'Team name must be 100 characters or fewer'],
      [{}, 'Team name is required'],
      [{ name: 'Tab\there' }, 'Team name must not contain control characters'],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/api/teams', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await t.post('/api/teams', { name: 'x'.repeat(100) }, admin)).statusCode).toBe(201);
    const [long] = (await list()).filter((x) => x.name.length === 100);
    expect((await t.del(`/api/teams/${long.id}`, admin)).statusCode).toBe(200);
  });

  it('regular and read-only users cannot create, rename, move or delete', async () => {
    const [packing] = await list();
    for (const cookie of [writer, viewer, readOnlyAdmin]) {
      const expected = cookie === readOnlyAdmin ? 'Read-only users cannot make changes.' : 'Admin access required';
      for (const res of [
        await t.post('/api/teams', { name: 'Nope' }, cookie),
        await t.put(`/api/teams/${packing.id}`, { name: 'Nope' }, cookie),
        await t.del(`/api/teams/${packing.id}`, cookie),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: expected });
      }
    }
    expect(await names()).toEqual(['0:Packing', '1:Dispatch', '2:Office']);
  });

  it('renames, including a change of case only, and refuses another team\u2019s name', async () => {
    const [packing, dispatch] = await list();
    const renamed = await t.put(`/api/teams/${packing.id}`, { name: 'PACKING' }, admin);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: packing.id, name: 'PACKING', sortOrder: 0, employeeCount: 0 });
    const clash = await t.put(`/api/teams/${dispatch.id}`, { name: 'packing' }, admin);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'A team named "PACKING" already exists' });
    await t.put(`/api/teams/${packing.id}`, { name: 'Packing' }, admin);
    const empty = await t.put(`/api/teams/${packing.id}`, {}, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Send a name, a sortOrder or both');
    const negative = await t.put(`/api/teams/${packing.id}`, { sortOrder: -1 }, admin);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('sortOrder must be 0 or more');
  });

  it('moves a team to a position, the others closing up; past the end means last', async () => {
    const [packing, , office] = await list();
    expect((await t.put(`/api/teams/${office.id}`, { sortOrder: 0 }, admin)).json()).toMatchObject({ name: 'Office', sortOrder: 0 });
    expect(await names()).toEqual(['0:Office', '1:Packing', '2:Dispatch']);
    expect((await t.put(`/api/teams/${packing.id}`, { sortOrder: 99 }, admin)).json()).toMatchObject({ sortOrder: 2 });
    expect(await names()).toEqual(['0:Office', '1:Dispatch', '2:Packing']);
    await t.put(`/api/teams/${packing.id}`, { name: 'Packing & Dispatch', sortOrder: 1 }, admin);
    expect(await names()).toEqual(['0:Office', '1:Packing & Dispatch', '2:Dispatch']);
    await t.put(`/api/teams/${packing.id}`, { name: 'Packing', sortOrder: 0 }, admin);
    await t.put(`/api/teams/${office.id}`, { sortOrder: 2 }, admin);
    expect(await names()).toEqual(['0:Packing', '1:Dispatch', '2:Office']);
  });

  it('another site\u2019s or business\u2019s team answers as a missing one', async () => {
    const [packing] = await list();
    const missing = await t.put('/api/teams/2000000000', { name: 'X' }, siblingAdmin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Team not found' });
    for (const cookie of [siblingAdmin, otherAdmin]) {
      // Even a name taken in the team's own site must not show through.
      const rename = await t.put(`/api/teams/${packing.id}`, { name: 'Dispatch' }, cookie);
      expect(rename.statusCode).toBe(404);
      expect(rename.body).toBe(missing.body);
      expect((await t.put(`/api/teams/${packing.id}`, { sortOrder: 2 }, cookie)).body).toBe(missing.body);
      expect((await t.del(`/api/teams/${packing.id}`, cookie)).body).toBe(missing.body);
    }
    expect(await names()).toEqual(['0:Packing', '1:Dispatch', '2:Office']);
  });
});

describe('employees in teams', () => {
  it('creates, moves and lists employees with their team; leaving teamId out keeps it', async () => {
    const [packing, dispatch] = await list();
    const created = await t.post('/api/employees', employeeInput({ name: 'Bo', teamId: packing.id }), writer);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Bo', teamId: packing.id });
    const bo = created.json().id as number;
    const moved = await t.put(`/api/employees/${employeeId}`, employeeInput({ name: 'Ann', teamId: dispatch.id }), writer);
    expect(moved.json()).toMatchObject({ name: 'Ann', teamId: dispatch.id });
    const kept = await t.put(`/api/employees/${employeeId}`, employeeInput({ name: 'Ann B' }), writer);
    expect(kept.json()).toMatchObject({ name: 'Ann B', teamId: dispatch.id });
    const staff = (await t.get('/api/employees', viewer)).json() as Array<{ name: string; teamId: number | null }>;
    expect(staff.map((e) => [e.name, e.teamId])).toEqual([
      ['Ann B', dispatch.id],
      ['Bo', packing.id],
    ]);
    expect((await list()).map((x) => x.employeeCount)).toEqual([1, 1, 0]);
    const none = await t.put(`/api/employees/${bo}`, employeeInput({ name: 'Bo', teamId: null }), writer);
    expect(none.json()).toMatchObject({ teamId: null });
    await t.put(`/api/employees/${bo}`, employeeInput({ name: 'Bo', teamId: packing.id }), writer);
  });

  it('refuses an unknown team, another site\u2019s or business\u2019s team alike, with 400 naming it', async () => {
    const siblingTeam = (await list(siblingAdmin))[0];
    const otherTeam = await create('Elsewhere', otherAdmin);
    for (const teamId of [2_000_000_000, siblingTeam.id, otherTeam.id]) {
      for (const res of [
        await t.post('/api/employees', employeeInput({ name: 'Cy', teamId }), writer),
        await t.put(`/api/employees/${employeeId}`, employeeInput({ name: 'Ann B', teamId }), writer),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: `Unknown teamId: ${teamId}` });
      }
    }
    const bad = await t.post('/api/employees', { ...employeeInput({ name: 'Cy' }), teamId: 'Packing' }, writer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('teamId must be a number or null');
    expect((await t.get('/api/employees', admin)).json()).toHaveLength(2);
  });

  it('a read-only user cannot move an employee between teams', async () => {
    const [packing] = await list();
    const res = await t.put(`/api/employees/${employeeId}`, employeeInput({ name: 'Ann B', teamId: packing.id }), viewer);
    expect(res.statusCode).toBe(403);
  });

  it('the calendar reply carries each employee\u2019s team and the teams in order', async () => {
    const [packing, dispatch, office] = await list();
    const url = '/api/calendar?startDate=2030-03-01&endDate=2030-03-31';
    const wire = (await t.get(url, viewer)).json();
    expect(wire.teams).toEqual([
      { id: packing.id, name: 'Packing', sortOrder: 0 },
      { id: dispatch.id, name: 'Dispatch', sortOrder: 1 },
      { id: office.id, name: 'Office', sortOrder: 2 },
    ]);
    const lists = calendarLists(url, wire);
    expect(lists.employees.map((e) => [e.name, e.teamId])).toEqual([
      ['Ann B', dispatch.id],
      ['Bo', packing.id],
    ]);
    // A rename is a change of the calendar's data: the next read does not answer the old reply.
    await t.put(`/api/teams/${office.id}`, { name: 'Back office' }, admin);
    expect((await t.get(url, viewer)).json().teams[2]).toEqual({ id: office.id, name: 'Back office', sortOrder: 2 });
    await t.put(`/api/teams/${office.id}`, { name: 'Office' }, admin);
  });

  it('deleting a team keeps its employees, without a team, and closes up the order', async () => {
    const [packing, dispatch, office] = await list();
    const res = await t.del(`/api/teams/${packing.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Team deleted' });
    expect(await names()).toEqual(['0:Dispatch', '1:Office']);
    const staff = (await t.get('/api/employees', admin)).json() as Array<{ name: string; teamId: number | null }>;
    expect(staff.map((e) => [e.name, e.teamId])).toEqual([
      ['Ann B', dispatch.id],
      ['Bo', null],
    ]);
    const url = '/api/calendar?startDate=2030-03-01&endDate=2030-03-31';
    const lists = calendarLists(url, (await t.get(url, viewer)).json());
    expect(lists.employees.map((e) => e.teamId)).toEqual([dispatch.id, null]);
    expect(lists.teams).toEqual([
      { id: dispatch.id, name: 'Dispatch', sortOrder: 0 },
      { id: office.id, name: 'Office', sortOrder: 1 },
    ]);
    expect((await t.del(`/api/teams/${packing.id}`, admin)).statusCode).toBe(404);
  });
});
