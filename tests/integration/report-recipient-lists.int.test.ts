import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportRecipientLists, sites } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from './harness';

/**
 * Saved report recipients (decision 082) on the demo business: a user's own lists on the current site,
 * their limits and refusals, and the last used recipients written when a report e-mail is really sent.
 * Every expected value is written out by hand.
 */

const NOW = new Date('2031-05-06T10:00:00Z');
const URL = '/api/report-recipient-lists';
const REPORT = { startDate: '2031-05-01', endDate: '2031-05-31', reportType: 'exceptions' };

let t: TestApp;
let admin: string;
let user: string;
let viewer: string;
let northId: number;
let homeId: number;

const create = (body: unknown, cookie = admin) => t.post(URL, body, cookie);
const lists = async (cookie = admin) => {
  const res = await t.get(URL, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const sendReport = (emailAddresses: string, cookie = admin) => t.post('/api/email-report', { ...REPORT, emailAddresses }, cookie);
const switchTo = async (siteId: number, cookie = admin) =>
  expect((await t.post('/api/switch-site', { siteId }, cookie)).statusCode).toBe(200);

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  admin = await t.login('admin@demo.example');
  user = await t.login('user@demo.example');
  viewer = await t.login('viewer@demo.example');
  [{ id: northId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo-north'));
  [{ id: homeId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo'));
});
afterAll(() => t?.close());

describe('saved recipient lists', () => {
  it('starts empty, then keeps a list with its name trimmed and duplicate addresses dropped', async () => {
    expect(await lists()).toEqual({ lastUsed: null, lists: [], maxLists: 20 });
    const res = await create({ name: '  Managers ', addresses: ['ops@example.test', ' Payroll@Example.test ', 'OPS@example.test'] });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(res.json()).toEqual({
      id,
      name: 'Managers',
      addresses: ['ops@example.test', 'Payroll@Example.test'],
      updatedAt: '2031-05-06T10:00:00.000Z',
    });
    expect((await create({ name: 'accounts', addresses: ['books@example.test'] })).statusCode).toBe(201);
    // By name in any case: "accounts" before "Managers".
    expect((await lists()).lists.map((l: { name: string }) => l.name)).toEqual(['accounts', 'Managers']);
  });

  it('refuses a second list of the same name in any case, on create and on rename', async () => {
    expect((await create({ name: 'MANAGERS', addresses: ['a@example.test'] })).json()).toEqual({
      message: 'You already have a list with this name',
    });
    const { lists: mine } = await lists();
    const accounts = mine.find((l: { name: string }) => l.name === 'accounts');
    const clash = await t.put(`${URL}/${accounts.id}`, { name: 'managers', addresses: ['books@example.test'] }, admin);
    expect([clash.statusCode, clash.json()]).toEqual([409, { message: 'You already have a list with this name' }]);
  });

  it('renames and re-addresses a list, and deletes it once', async () => {
    const made = (await create({ name: 'Temp', addresses: ['temp@example.test'] })).json();
    const renamed = await t.put(`${URL}/${made.id}`, { name: 'Board', addresses: ['chair@example.test', 'cfo@example.test'] }, admin);
    expect([renamed.statusCode, renamed.json()]).toEqual([
      200,
      { id: made.id, name: 'Board', addresses: ['chair@example.test', 'cfo@example.test'], updatedAt: '2031-05-06T10:00:00.000Z' },
    ]);
    // Renaming a list to its own name in another case is not a clash with itself.
    expect((await t.put(`${URL}/${made.id}`, { name: 'BOARD', addresses: ['chair@example.test'] }, admin)).statusCode).toBe(200);
    const gone = await t.del(`${URL}/${made.id}`, admin);
    expect([gone.statusCode, gone.json()]).toEqual([200, { message: 'Recipient list deleted' }]);
    const again = await t.del(`${URL}/${made.id}`, admin);
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'Recipient list not found' }]);
  });

  it.each([
    ['an invalid address', { name: 'X', addresses: ['ops@example.test', 'nonsense'] }, 'Not a valid email address: nonsense'],
    ['no address', { name: 'X', addresses: [] }, 'Please enter at least one email address'],
    ['only blank addresses', { name: 'X', addresses: ['  '] }, 'An email address must not be blank'],
    ['addresses as one string', { name: 'X', addresses: 'ops@example.test' }, 'Addresses must be a list of email addresses'],
    [
      '21 different addresses',
      { name: 'X', addresses: Array.from({ length: 21 }, (_, i) => `p${i}@example.test`) },
      'At most 20 email addresses per report',
    ],
    ['a blank name', { name: '   ', addresses: ['ops@example.test'] }, 'List name is required'],
    ['no name', { addresses: ['ops@example.test'] }, 'List name is required'],
    ['a name of 61 characters', { name: 'n'.repeat(61), addresses: ['ops@example.test'] }, 'List name must be at most 60 characters'],
    ['a name with a line break', { name: 'Two\nlines', addresses: ['ops@example.test'] }, 'List name must not contain control characters'],
  ])('answers 400 with a message for %s', async (_case, body, message) => {
    const res = await create(body);
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
  });

  it('keeps 20 addresses after dropping repeats of the same one in another case', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `q${i}@example.test`);
    const res = await create({ name: 'Twenty', addresses: [...twenty, 'Q0@EXAMPLE.TEST'] });
    expect([res.statusCode, res.json().addresses.length]).toEqual([201, 20]);
    expect((await t.del(`${URL}/${res.json().id}`, admin)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await t.put(`${URL}/abc`, { name: 'X', addresses: ['ops@example.test'] }, admin);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Id must be a number']);
  });

  it('allows 20 named lists per user and site, then refuses the 21st; another user is not counted', async () => {
    const have = (await lists(user)).lists.length;
    expect(have).toBe(0);
    for (let i = 1; i <= 20; i++) expect((await create({ name: `List ${i}`, addresses: ['ops@example.test'] }, user)).statusCode).toBe(201);
    const refused = await create({ name: 'List 21', addresses: ['ops@example.test'] }, user);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: 'You can have at most 20 recipient lists. Delete one to add another.' },
    ]);
    expect((await lists(user)).lists).toHaveLength(20);
    // The admin's own lists are unaffected by the user's.
    expect((await create({ name: 'Admin extra', addresses: ['ops@example.test'] })).statusCode).toBe(201);
  });
});

describe('tenancy', () => {
  it('never shows or changes another user’s lists: their ids answer as missing ones', async () => {
    const adminList = (await create({ name: 'Admin only', addresses: ['secret@example.test'] })).json();
    const names = (await lists(viewer)).lists.map((l: { name: string }) => l.name);
    expect(names).toEqual([]);
    for (const [method, body] of [
      ['PUT', { name: 'Hijacked', addresses: ['x@example.test'] }],
      ['DELETE', undefined],
    ] as const) {
      const foreign = await t.request(method, `${URL}/${adminList.id}`, { cookie: user, body });
      const missing = await t.request(method, `${URL}/2000000000`, { cookie: user, body });
      expect([foreign.statusCode, foreign.body]).toEqual([404, missing.body]);
    }
    const [row] = await t.db.select().from(reportRecipientLists).where(eq(reportRecipientLists.id, adminList.id));
    expect([row.name, row.addresses]).toEqual(['Admin only', ['secret@example.test']]);
  });

  it('keeps each site’s lists apart for the same user, names included', async () => {
    const homeList = (await lists()).lists.find((l: { name: string }) => l.name === 'Managers');
    await switchTo(northId);
    try {
      expect(await lists()).toEqual({ lastUsed: null, lists: [], maxLists: 20 });
      const put = await t.put(`${URL}/${homeList.id}`, { name: 'Moved', addresses: ['x@example.test'] }, admin);
      expect([put.statusCode, put.json()]).toEqual([404, { message: 'Recipient list not found' }]);
      expect((await t.del(`${URL}/${homeList.id}`, admin)).statusCode).toBe(404);
      // The same name on another site is another list.
      const north = await create({ name: 'Managers', addresses: ['north@example.test'] });
      expect([north.statusCode, north.json().addresses]).toEqual([201, ['north@example.test']]);
    } finally {
      await switchTo(homeId);
    }
    const back = (await lists()).lists.find((l: { name: string }) => l.name === 'Managers');
    expect(back.addresses).toEqual(['ops@example.test', 'Payroll@Example.test']);
  });
});

describe('last used recipients', () => {
  it('are the recipients of the user’s last report e-mail on the site, kept only when it was sent', async () => {
    expect((await sendReport('nonsense; ops@example.test')).statusCode).toBe(400);
    expect((await lists()).lastUsed).toBeNull();

    expect((await sendReport('ops@example.test; Board@example.test; OPS@example.test')).statusCode).toBe(200);
    expect((await lists()).lastUsed).toEqual({
      addresses: ['ops@example.test', 'Board@example.test'],
      usedAt: '2031-05-06T10:00:00.000Z',
    });
    expect((await sendReport('admin@demo.example')).statusCode).toBe(200);
    expect((await lists()).lastUsed).toEqual({ addresses: ['admin@demo.example'], usedAt: '2031-05-06T10:00:00.000Z' });
    // One row, replaced: the last used is not a named list and cannot be reached as one.
    const rows = await t.db
      .select()
      .from(reportRecipientLists)
      .where(and(eq(reportRecipientLists.siteId, homeId), isNull(reportRecipientLists.name)));
    expect(rows.map((r) => r.addresses)).toEqual([['admin@demo.example']]);
    expect((await t.del(`${URL}/${rows[0].id}`, admin)).statusCode).toBe(404);

    expect((await lists(user)).lastUsed).toBeNull();
    await switchTo(northId);
    try {
      expect((await lists()).lastUsed).toBeNull();
    } finally {
      await switchTo(homeId);
    }
  });

  it('are not kept when a read-only user’s e-mail is refused', async () => {
    const refused = await sendReport('outsider@example.test', viewer);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { message: 'Read-only users can send e-mail only to users of this business.' },
    ]);
    expect((await lists(viewer)).lastUsed).toBeNull();
    expect((await sendReport('admin@demo.example', viewer)).statusCode).toBe(200);
    expect((await lists(viewer)).lastUsed).toEqual({ addresses: ['admin@demo.example'], usedAt: '2031-05-06T10:00:00.000Z' });
  });
});

describe('read-only users', () => {
  it('keep lists of the business’s users only, as they may mail no one else', async () => {
    const inside = await create({ name: 'Colleagues', addresses: ['admin@demo.example', 'USER@demo.example'] }, viewer);
    expect([inside.statusCode, inside.json().addresses]).toEqual([201, ['admin@demo.example', 'USER@demo.example']]);
    const outside = await create({ name: 'Friends', addresses: ['admin@demo.example', 'friend@example.test'] }, viewer);
    expect([outside.statusCode, outside.json()]).toEqual([
      403,
      { message: 'Read-only users can send e-mail only to users of this business.' },
    ]);
    const edit = await t.put(`${URL}/${inside.json().id}`, { name: 'Colleagues', addresses: ['friend@example.test'] }, viewer);
    expect(edit.statusCode).toBe(403);
  });
});
