import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { appSecrets, siteUsers, superAdmins, twoFactorCredentials } from '../../src/server/db/schema';
import type { App } from '../../src/server/http/types';
import { loggerOptions } from '../../src/server/ops/logging';
import { codeAt } from '../totp-reference';
import { createClock, DEMO_PASSWORD, startTestApp, type TestApp } from './harness';

/**
 * Decision 105: TOTP secrets are stored sealed (AES-256-GCM, `v1:<key id>:…`), with TOTP_ENCRYPTION_KEY or,
 * unset, a key kept in `app_secrets`; each start seals what is stored as is, or under the database's key once
 * an operator sets one. Codes come from tests/totp-reference.ts; the key id of 32 bytes 0x42 is sha256sum's.
 */
const T0 = new Date('2031-09-01T09:00:00Z');
const clock = createClock(T0);
const OPERATOR_KEY = Buffer.alloc(32, 0x42);
const OPERATOR_KEY_ID = '425ed4e4';
const LEGACY_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestApp;
let addr = 1;
const extraApps: App[] = [];
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(async () => {
  for (const app of extraApps) await app.close().catch(() => undefined);
  await t?.close();
});

/** Another instance on the same database, as after a restart, with or without the operator's key. */
async function restart(totpKey?: Buffer, lines: string[] = []) {
  const app = await buildApp(
    { database: t.database, config: { appUrl: 'http://localhost:3000', totpKey }, mailer: t.mailer, now: clock.now },
    { logger: loggerOptions('info', { write: (line) => void lines.push(line) }) },
  );
  await app.ready();
  extraApps.push(app);
  return app;
}

/** Signs in with the password and a code (or a recovery code) through `app`; the clock moves a step first. */
async function signIn(app: App, email: string, code: (at: Date) => string) {
  clock.advance(31_000);
  const remoteAddress = `10.105.9.${addr++}`;
  const first = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress });
  const { challenge } = first.json() as { challenge: string };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    payload: { challenge, code: code(clock.now()) },
    remoteAddress,
  });
  return res.statusCode;
}

const storedOf = async (userId: number) =>
  (await t.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.siteUserId, userId)))[0].secret;
const databaseKeyId = async () => {
  const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'totp-encryption'));
  return row ? createHash('sha256').update(Buffer.from(row.value, 'base64')).digest('hex').slice(0, 8) : null;
};

describe('TOTP secrets at rest', () => {
  let adminId: number;
  let secret: string;
  let recovery: string[];

  it('a new set-up is stored sealed with the database’s key, and its codes sign in', async () => {
    [{ id: adminId }] = await t.db.select({ id: siteUsers.id }).from(siteUsers).where(eq(siteUsers.email, 'admin@demo.example'));
    const cookie = await t.login('admin@demo.example');
    secret = (await t.post('/api/auth/two-factor/setup', {}, cookie)).json().secret;
    const stored = await storedOf(adminId);
    expect(stored).toMatch(new RegExp(`^v1:${await databaseKeyId()}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`));
    expect(stored).not.toContain(secret);
    recovery = (await t.post('/api/auth/two-factor/enable', { code: codeAt(secret, clock.now()) }, cookie)).json().recoveryCodes;
    expect(await signIn(t.app, 'admin@demo.example', (at) => codeAt(secret, at))).toBe(200);
  });

  it('a secret stored as is before 105 still signs in, and the next start seals it', async () => {
    const [{ id: ops }] = await t.db.select({ id: superAdmins.id }).from(superAdmins).limit(1);
    const [{ id: userId }] = await t.db.select({ id: siteUsers.id }).from(siteUsers).where(eq(siteUsers.email, 'user@demo.example'));
    await t.db.insert(twoFactorCredentials).values([
      { siteUserId: userId, secret: LEGACY_SECRET, enabledAt: T0 },
      { superAdminId: ops, secret: LEGACY_SECRET, enabledAt: T0 },
    ]);
    expect(await signIn(t.app, 'user@demo.example', (at) => codeAt(LEGACY_SECRET, at))).toBe(200);
    const lines: string[] = [];
    const app = await restart(undefined, lines);
    for (const r of await t.db.select().from(twoFactorCredentials)) expect(r.secret).toMatch(new RegExp(`^v1:${await databaseKeyId()}:`));
    expect(lines.some((l) => l.includes('"sealed":2') && l.includes('two-factor secrets sealed with the current key'))).toBe(true);
    expect(await signIn(app, 'user@demo.example', (at) => codeAt(LEGACY_SECRET, at))).toBe(200);
  });

  it('once TOTP_ENCRYPTION_KEY is set, the next start seals every secret with it', async () => {
    const app = await restart(OPERATOR_KEY);
    for (const r of await t.db.select().from(twoFactorCredentials)) expect(r.secret).toMatch(new RegExp(`^v1:${OPERATOR_KEY_ID}:`));
    expect(await signIn(app, 'admin@demo.example', (at) => codeAt(secret, at))).toBe(200);
    expect(await signIn(app, 'user@demo.example', (at) => codeAt(LEGACY_SECRET, at))).toBe(200);
  });

  it('a server without that key says so at start; its codes fail but a recovery code still signs in', async () => {
    const lines: string[] = [];
    const app = await restart(undefined, lines);
    expect(lines.some((l) => l.includes('"unreadable":3') && l.includes('was TOTP_ENCRYPTION_KEY changed?'))).toBe(true);
    for (const r of await t.db.select().from(twoFactorCredentials)) expect(r.secret).toMatch(new RegExp(`^v1:${OPERATOR_KEY_ID}:`));
    expect(await signIn(app, 'admin@demo.example', (at) => codeAt(secret, at))).toBe(401);
    expect(await signIn(app, 'admin@demo.example', () => recovery[0])).toBe(200);
  });
});
