import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, startTestApp, type TestApp } from './harness';

/**
 * X-Forwarded-* headers are believed only from the proxies TRUST_PROXY names; by default from nobody, so a
 * client rotating X-Forwarded-For stays one address to every per-address limit.
 */

const clock = createClock(new Date('2031-06-02T09:00:00Z'));
let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  direct = await startTestApp({ now: clock.now });
  proxied = await startTestApp({ now: clock.now, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const login = (t: TestApp, email: string, password: string, remoteAddress: string, forwardedFor?: string, proto?: string) =>
  t.request('POST', '/api/auth/login', {
    body: { email, password },
    remoteAddress,
    headers: { ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...(proto ? { 'x-forwarded-proto': proto } : {}) },
  });
const register = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.request('POST', '/auth/register', {
    // A taken identifier: the attempt is counted, then refused cheaply with 409.
    body: { siteName: 'Spoof Ltd', siteSubdomain: 'demo', email: 'spoof@spoof.test', password: 'secret1', confirmPassword: 'secret1' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('without TRUST_PROXY (the default)', () => {
  it('rotated X-Forwarded-For does not escape the per-address sign-in limit', async () => {
    const codes = [];
    for (let i = 0; i < 25; i++)
      codes.push((await login(direct, `guess-${i}@demo.example`, 'x', '203.0.113.7', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);
  });

  it('rotated X-Forwarded-For does not escape the per-address registration limit', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await register(direct, '203.0.113.8', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([409, 409, 409, 409, 409, 429, 429]);
  });

  it('a parallel burst of registrations from one address passes the limit only 5 times', async () => {
    const codes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => register(direct, '203.0.113.11', `198.51.100.${i}`).then((r) => r.statusCode)),
    );
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
  });

  it('ignores X-Forwarded-Proto: a session cookie over plain http is not marked Secure', async () => {
    const res = await login(direct, 'user@demo.example', 'hoursight-demo', '203.0.113.9', undefined, 'https');
    expect(res.statusCode).toBe(200);
    expect(String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('hs_session=')))).not.toMatch(/;\s*Secure/i);
  });
});

describe('with TRUST_PROXY=127.0.0.1', () => {
  it('takes the client address from a trusted proxy, so clients behind it are limited one by one', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await login(proxied, 'shared@demo.example', 'x', '127.0.0.1', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('ignores the header from any other peer', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await login(proxied, 'other@demo.example', 'x', '203.0.113.10', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('believes X-Forwarded-Proto from the proxy: the cookie is Secure behind https', async () => {
    const res = await login(proxied, 'user@demo.example', 'hoursight-demo', '127.0.0.1', '198.51.100.50', 'https');
    expect(res.statusCode).toBe(200);
    expect(String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('hs_session=')))).toMatch(/;\s*Secure/i);
  });
});
