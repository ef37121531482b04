import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, startTestApp, type TestApp } from './harness';
import { adminClient } from './super-admin-helpers';

/** Decision 065: a super-admin token ends 12 hours after sign-in however busy, and the portal lists and revokes them. */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const clock = createClock(new Date('2026-06-01T06:00:00Z'));
let t: TestApp;
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  admin = adminClient(t);
});
afterAll(() => t?.close());

describe('absolute lifetime', () => {
  it('a token used every 10 minutes still dies 12 hours after sign-in', async () => {
    clock.set(new Date('2026-06-01T06:00:00Z'));
    const token = await admin.login();
    // 11 h 50 min of constant use: every call answers.
    for (let elapsed = 10 * MINUTE; elapsed < 12 * HOUR; elapsed += 10 * MINUTE) {
      clock.set(new Date(Date.parse('2026-06-01T06:00:00Z') + elapsed));
      expect((await admin.get('/api/super-admin/me', token)).statusCode).toBe(200);
    }
    clock.set(new Date('2026-06-01T18:00:00Z'));
    const late = await admin.get('/api/super-admin/me', token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: 'Authentication expired - please log in again' });
  });

  it('an idle token still ends 8 hours after its last use', async () => {
    clock.set(new Date('2026-06-02T06:00:00Z'));
    const token = await admin.login();
    clock.set(new Date('2026-06-02T14:00:00Z'));
    expect((await admin.get('/api/super-admin/me', token)).statusCode).toBe(401);
  });
});

describe('Sessions list and revoking', () => {
  it('lists own tokens with the current one marked, revokes one, then every other', async () => {
    clock.set(new Date('2026-06-03T08:00:00Z'));
    const laptop = await admin.login();
    clock.set(new Date('2026-06-03T09:00:00Z'));
    const phone = await admin.login();
    clock.set(new Date('2026-06-03T10:00:00Z'));
    const desk = await admin.login();

    const listed = (await admin.get('/api/super-admin/sessions', desk)).json().sessions as Array<{
      id: string;
      createdAt: string;
      current: boolean;
      expiresAt: string;
    }>;
    expect(listed.map((s) => [s.createdAt, s.current])).toEqual([
      ['2026-06-03T10:00:00.000Z', true],
      ['2026-06-03T09:00:00.000Z', false],
      ['2026-06-03T08:00:00.000Z', false],
    ]);
    expect(listed[0].expiresAt).toBe('2026-06-03T18:00:00.000Z');
    expect(listed.every((s) => /^[0-9a-f]{16}$/.test(s.id))).toBe(true);

    const revoked = await admin.post('/api/super-admin/sessions/revoke', { id: listed[1].id }, desk);
    expect(revoked.json()).toEqual({ message: 'Session signed out' });
    expect((await admin.get('/api/super-admin/me', phone)).statusCode).toBe(401);
    expect((await admin.get('/api/super-admin/me', laptop)).statusCode).toBe(200);

    const again = await admin.post('/api/super-admin/sessions/revoke', { id: listed[1].id }, desk);
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'Session not found. It may already have ended.' }]);
    const bad = await admin.post('/api/super-admin/sessions/revoke', { id: '%' }, desk);
    expect(bad.statusCode).toBe(400);

    const others = await admin.post('/api/super-admin/sessions/revoke-others', {}, desk);
    expect(others.json()).toEqual({ message: 'Signed out of every other session' });
    expect((await admin.get('/api/super-admin/me', laptop)).statusCode).toBe(401);
    expect((await admin.get('/api/super-admin/me', desk)).statusCode).toBe(200);
    expect(((await admin.get('/api/super-admin/sessions', desk)).json().sessions as unknown[]).length).toBe(1);
  });
});
