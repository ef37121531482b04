import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { LiveServerMessage } from '../../src/shared/contracts/live';
import { APP_URL, startTestApp, type TestApp } from './harness';
import type { BusMessage } from '../../src/server/live/bus';
import { createPgBus } from '../../src/server/live/pg-bus';

/**
 * The live socket: signed-in only, from the app's own origin, joined to the session's current site, and told
 * of every committed change on that site except the ones its own tab made.
 */

let t: TestApp;
let base: string;
let admin: string;
let user: string;
let viewer: string;
let demoId: number;
let northId: number;
let userId: number;
const open: WebSocket[] = [];

interface Client {
  ws: WebSocket;
  messages: LiveServerMessage[];
  /** Resolves with the first message (already received or still to come) that matches. */
  next(match: (m: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>;
  closed: Promise<number>;
  closedWith: Promise<{ code: number; reason: string }>;
}

const connect = (cookie: string | undefined, opts: { origin?: string | null; tab?: string } = {}) => connectTo(base, cookie, opts);

async function connectTo(url: string, cookie: string | undefined, opts: { origin?: string | null; tab?: string } = {}): Promise<Client> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (opts.origin !== null) headers.origin = opts.origin ?? APP_URL;
  const messages: LiveServerMessage[] = [];
  const waiters: Array<() => void> = [];
  const ws = new WebSocket(`${url}/api/live?tab=${opts.tab ?? `tab-${Math.random().toString(36).slice(2, 10)}`}`, { headers });
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as LiveServerMessage);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  open.push(ws);
  const closedWith = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const closed = closedWith.then((c) => c.code);
  const next: Client['next'] = (match, timeoutMs = 2000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
      const look = () => {
        const found = messages.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(look);
      };
      look();
    });
  return { ws, messages, next, closed, closedWith };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (err: Error) => err.message,
  );
const presenceNames = (m: LiveServerMessage) => (m.t === 'presence' ? m.users.map((u) => u.username) : []);
const hasNoteChange = (id: number) => (m: LiveServerMessage) => m.t === 'change' && m.kind === 'notes' && m.ids.includes(id);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newNote(cookie: string, tab?: string): Promise<number> {
  const res = await t.request('POST', '/api/notes', {
    cookie,
    body: { title: 'Live note', startDate: '2030-01-02', color: '#3b82f6' },
    headers: tab ? { 'x-live-tab': tab } : {},
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  t = await startTestApp();
  // Real sockets on a real port: an injected socket never sees its peer's TCP close.
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  admin = await t.login('admin@demo.example');
  user = await t.login('user@demo.example');
  viewer = await t.login('viewer@demo.example');
  const sites = (await t.get('/api/sites', admin)).json<Array<{ id: number; subdomain: string }>>();
  demoId = sites.find((s) => s.subdomain === 'demo')!.id;
  northId = sites.find((s) => s.subdomain === 'demo-north')!.id;
  userId = (await t.get('/api/auth/me', user)).json<{ user: { id: number } }>().user.id;
});
afterAll(async () => {
  open.forEach((ws) => ws.terminate());
  await t?.close();
});

describe('who may connect', () => {
  it('refuses a socket without a session (401), from another origin or none (403), with a bad tab id (400)', async () => {
    expect(await refusal(connect(undefined))).toBe('Unexpected server response: 401');
    expect(await refusal(connect('hs_session=forged-token'))).toBe('Unexpected server response: 401');
    expect(await refusal(connect(user, { origin: 'http://evil.example' }))).toBe('Unexpected server response: 403');
    expect(await refusal(connect(user, { origin: 'http://localhost:3000.evil.example' }))).toBe('Unexpected server response: 403');
    expect(await refusal(connect(user, { origin: null }))).toBe('Unexpected server response: 403');
    expect(await refusal(connect(user, { tab: 'x' }))).toBe('Unexpected server response: 400');
  });

  it('accepts the app origin and a site subdomain of it', async () => {
    const a = await connect(user);
    const b = await connect(user, { origin: 'http://demo.localhost:3000' });
    expect(presenceNames(await a.next((m) => m.t === 'presence'))).toContain('user');
    expect(presenceNames(await b.next((m) => m.t === 'presence'))).toContain('user');
    a.ws.close();
    b.ws.close();
    await Promise.all([a.closed, b.closed]);
  });
});

describe('presence and changes on one site', () => {
  it('shows everyone on the site once, hears others’ changes, and never its own tab’s', async () => {
    const u = await connect(user, { tab: 'user-tab-0001' });
    const v = await connect(viewer, { tab: 'viewer-tab-0001' });
    const both = (m: LiveServerMessage) => m.t === 'presence' && m.users.length === 2;
    const seen = await v.next(both);
    expect(seen).toEqual({
      t: 'presence',
      users: [
        { userId, username: 'user', initial: 'U' },
        { userId: expect.any(Number), username: 'viewer', initial: 'V' },
      ],
    });
    await u.next(both);

    const id = await newNote(user, 'user-tab-0001');
    expect(await v.next((m) => m.t === 'change' && m.kind === 'notes')).toEqual({ t: 'change', kind: 'notes', ids: [] });
    const patched = await t.request('PATCH', `/api/notes/${id}`, {
      cookie: user,
      body: { title: 'Moved', version: 1 },
      headers: { 'x-live-tab': 'user-tab-0001' },
    });
    expect(patched.statusCode).toBe(200);
    await v.next(hasNoteChange(id));
    await pause(150);
    expect(u.messages.filter((m) => m.t === 'change')).toEqual([]);

    // A refused change (stale version: 409) is announced to nobody.
    const before = v.messages.length;
    const stale = await t.request('PATCH', `/api/notes/${id}`, { cookie: user, body: { title: 'Stale', version: 1 } });
    expect(stale.statusCode).toBe(409);
    await pause(150);
    expect(v.messages.slice(before).filter((m) => m.t === 'change')).toEqual([]);

    v.ws.close();
    await v.closed;
    expect(presenceNames(await u.next((m) => m.t === 'presence' && m.users.length === 1))).toEqual(['user']);
    u.ws.close();
    await u.closed;
  });
});

describe('site isolation', () => {
  it('a socket on demo-north hears nothing of demo; switching site moves the socket', async () => {
    const adminCookie = await t.login('admin@demo.example');
    const a = await connect(adminCookie);
    const u = await connect(user);
    await u.next((m) => m.t === 'presence' && presenceNames(m).includes('admin'));

    const switched = await t.post('/api/switch-site', { siteId: northId }, adminCookie);
    expect(switched.statusCode).toBe(200);
    // The user's list loses the admin; the admin's socket now sees demo-north's presence (only itself).
    await u.next((m) => m.t === 'presence' && !presenceNames(m).includes('admin'));
    const mark = a.messages.length;
    await a.next((m) => m.t === 'presence' && a.messages.indexOf(m) >= mark && presenceNames(m).join() === 'admin');

    const demoNote = await newNote(user);
    await u.next((m) => m.t === 'change');
    const northNote = await newNote(adminCookie);
    await pause(200);
    const adminChanges = a.messages.filter((m) => m.t === 'change');
    expect(adminChanges).toEqual([{ t: 'change', kind: 'notes', ids: [] }]);
    expect(u.messages.filter((m) => m.t === 'change')).toEqual([{ t: 'change', kind: 'notes', ids: [] }]);
    // The north note is not the demo note, and each socket heard exactly one creation: its own site's.
    expect(northNote).not.toBe(demoNote);

    await t.post('/api/switch-site', { siteId: demoId }, adminCookie);
    await u.next((m) => m.t === 'presence' && presenceNames(m).includes('admin'));
    a.ws.close();
    u.ws.close();
    await Promise.all([a.closed, u.closed]);
  });
});

describe('closing', () => {
  it('closes the socket when its session signs out (4401)', async () => {
    const cookie = await t.login('viewer@demo.example');
    const c = await connect(cookie);
    await c.next((m) => m.t === 'presence');
    expect((await t.post('/api/auth/logout', {}, cookie)).statusCode).toBe(200);
    expect(await c.closed).toBe(4401);
  });

  it('closes the socket of a user an admin deactivates (4401) and refuses them afterwards', async () => {
    const cookie = await t.login('user@demo.example');
    const c = await connect(cookie);
    await c.next((m) => m.t === 'presence');
    const res = await t.request('PATCH', `/api/auth/users/${userId}/toggle-status`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(await c.closed).toBe(4401);
    expect(await refusal(connect(cookie))).toBe('Unexpected server response: 401');
  });
});

describe('limits', () => {
  it('refuses the 11th socket of one session (4429) but not another session’s, and lets one in once a tab closes', async () => {
    // A fresh session of its own (the user was deactivated above).
    const cookie = await t.login('admin@demo.example');
    const ten = await Promise.all(Array.from({ length: 10 }, () => connect(cookie)));
    await Promise.all(ten.map((c) => c.next((m) => m.t === 'presence')));
    const eleventh = await connect(cookie);
    expect(await eleventh.closedWith).toEqual({ code: 4429, reason: 'Too many live tabs (over 10): close one to get live updates here' });

    const otherSession = await connect(await t.login('admin@demo.example'));
    await otherSession.next((m) => m.t === 'presence');

    ten[0].ws.close();
    await ten[0].closed;
    const again = await connect(cookie);
    await again.next((m) => m.t === 'presence');
    expect(again.ws.readyState).toBe(WebSocket.OPEN);

    for (const c of [...ten.slice(1), otherSession, again]) c.ws.close();
    await Promise.all([...ten.slice(1), otherSession, again].map((c) => c.closed));
  });

  it('closes a socket that floods (1008) and leaves a quiet one of the same session open', async () => {
    const cookie = await t.login('viewer@demo.example');
    const quiet = await connect(cookie);
    const flood = await connect(cookie);
    await flood.next((m) => m.t === 'presence');
    const before = t.app.liveHub.socketCount();
    for (let i = 0; i < 5; i++) quiet.ws.send('still here');
    for (let i = 0; i < 20_000; i++) flood.ws.send(`message ${i}`);
    expect(await flood.closedWith).toEqual({ code: 1008, reason: 'Too many messages' });
    await expect.poll(() => t.app.liveHub.socketCount()).toBe(before - 1);
    expect(quiet.ws.readyState).toBe(WebSocket.OPEN);

    // Few messages but large ones spend the byte budget just the same.
    const heavy = await connect(cookie);
    await heavy.next((m) => m.t === 'presence');
    for (let i = 0; i < 20; i++) heavy.ws.send('x'.repeat(1000));
    expect((await heavy.closedWith).code).toBe(1008);

    quiet.ws.close();
    await quiet.closed;
  });
});

describe('across instances (PostgreSQL)', () => {
  it('a change made through one instance reaches a socket held by another, and presence counts both', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite is one process: nothing to cross
    // A second app on the same database, as a second instance behind a load balancer would be.
    const second = await buildApp({ database: t.database, config: { appUrl: APP_URL }, mailer: t.mailer, now: () => new Date() });
    const secondBase = (await second.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    try {
      const viaSecond = await connectTo(secondBase, viewer);
      const viaFirst = await connect(admin);
      const both = (m: LiveServerMessage) =>
        m.t === 'presence' && presenceNames(m).includes('admin') && presenceNames(m).includes('viewer');
      await viaSecond.next(both, 5000);
      await viaFirst.next(both, 5000);
      const id = await newNote(admin);
      const started = Date.now();
      await viaSecond.next((m) => m.t === 'change' && m.kind === 'notes', 2000);
      expect(Date.now() - started).toBeLessThan(1000);
      await t.request('DELETE', `/api/notes/${id}`, { cookie: admin });
      await viaSecond.next(hasNoteChange(id));
      viaFirst.ws.close();
      await viaSecond.next((m) => m.t === 'presence' && !presenceNames(m).includes('admin'), 5000);
      viaSecond.ws.close();
      await viaSecond.closed;
    } finally {
      await second.close();
    }
  });
  it('announcements made in one turn go out together and arrive all, in order, neighbouring changes of one site merged (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite's bus is in-process
    const pool = t.database.pool!;
    const bus = await createPgBus({ client: pool.options, pool });
    try {
      const heard: BusMessage[] = [];
      bus.onMessage((m) => m.t === 'change' && m.site < -6 && m.site > -9 && heard.push(m));
      const change = (site: number, ids: number[]): BusMessage => ({ t: 'change', site, kind: 'notes', ids });
      await Promise.all([change(-7, [3]), change(-8, [1]), change(-7, [2]), change(-7, [4])].map((m) => bus.publish(m)));
      await expect.poll(() => heard.length, { timeout: 2000, interval: 10 }).toBe(3);
      expect(heard).toEqual([change(-7, [3]), change(-8, [1]), change(-7, [2, 4])]);
    } finally {
      await bus.close();
    }
  });
});
