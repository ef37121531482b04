import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, startTestApp, type TestApp } from './harness';

/** Security headers on every kind of response, and changes accepted only from the app's own pages. */

let t: TestApp;
let proxied: TestApp;

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

beforeAll(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(headers['content-security-policy']).toBe(CSP);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
};

describe('security headers', () => {
  it.each([
    ['an API answer', 'GET', '/api/auth/me'],
    ['a sign-in refusal', 'POST', '/api/auth/login'],
    ['an unknown API route', 'GET', '/api/nothing-here'],
  ])('are sent on %s, without HSTS over plain http', async (_what, method, url) => {
    const res = await t.request(method as 'GET', url, method === 'POST' ? { body: { email: 'x@y.test', password: 'x' } } : {});
    expectSecurityHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are sent with the web app page and its files', async () => {
    const webDir = path.resolve('.test-data/security-web');
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp(
      { database: t.database, config: { appUrl: 'http://localhost:3000' }, mailer: t.mailer, now: () => new Date() },
      { webDir },
    );
    try {
      for (const url of ['/', '/calendar', '/assets/app.js']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expectSecurityHeaders(res.headers);
      }
    } finally {
      await app.close();
    }
  });

  it('adds HSTS only over https as seen through a trusted proxy', async () => {
    const viaProxy = await proxied.request('GET', '/api/auth/me', {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const spoofed = await t.request('GET', '/api/auth/me', { remoteAddress: '203.0.113.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cross-site changes', () => {
  it('a text/plain form POST from another site cannot sign a user out', async () => {
    const cookie = await t.login('user@demo.example');
    const cases: Array<Record<string, string>> = [
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
    ];
    for (const headers of cases) {
      const res = await t.request('POST', '/api/auth/logout', { cookie, headers, body: 'x=1' });
      expect(res.statusCode, JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect((await t.get('/api/auth/me', cookie)).statusCode).toBe(200);
  });

  it('refuses any change that carries a foreign Origin, JSON or not', async () => {
    const cookie = await t.login('admin@demo.example');
    const res = await t.request('POST', '/api/notes', {
      cookie,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: { title: 'Planted', startDate: '2031-01-01', color: '#123456' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not accepted.' });
    // With the session cookie present too, the refusal stays a clean 403.
    const logout = await t.request('POST', '/api/auth/logout', {
      cookie,
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: 'x',
    });
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toEqual({ message: 'Cross-site requests are not accepted.' });
    const nullOrigin = await t.request('DELETE', '/api/notes/1', { cookie, headers: { origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
  });

  it('refuses a non-JSON body without the app’s Origin with 415', async () => {
    const res = await t.request('POST', '/api/auth/logout', { headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type; send JSON.' });
  });

  it('accepts the app’s own pages: APP_URL, a site subdomain, and the host the request came to', async () => {
    for (const [origin, host] of [
      ['http://localhost:3000', 'localhost:3000'],
      ['http://demo.localhost:3000', 'demo.localhost:3000'],
      ['http://localhost:5173', 'localhost:5173'],
    ]) {
      const cookie = await t.login('viewer@demo.example');
      const res = await t.request('POST', '/api/auth/logout', { cookie, headers: { origin, host } });
      expect(res.statusCode, origin).toBe(200);
    }
  });

  it('leaves reads alone whatever their Origin', async () => {
    const cookie = await t.login('viewer@demo.example');
    expect((await t.request('GET', '/api/auth/me', { cookie, headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});
