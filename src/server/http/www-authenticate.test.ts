import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { challengeOf } from './www-authenticate';

const COOKIE = 'Cookie realm="hoursight", form-action="/api/auth/login", cookie-name="hs_session"';
const request = (method: string, url: string, config: object, headers: Record<string, string> = {}) =>
  ({ method, url, headers, routeOptions: { url, config } }) as unknown as FastifyRequest;

describe('challengeOf (decision 105)', () => {
  it('a route that takes tokens offers Bearer and the session; a sent token is named invalid', () => {
    expect(challengeOf(request('GET', '/api/employees', { access: 'user' }))).toBe(`Bearer realm="hoursight", ${COOKIE}`);
    expect(challengeOf(request('GET', '/api/employees', { access: 'user' }, { authorization: 'Bearer hs_x' }))).toBe(
      'Bearer realm="hoursight", error="invalid_token"',
    );
  });

  it('admin, session-only and sign-in routes offer the session only', () => {
    expect(challengeOf(request('GET', '/api/auth/site-users', { access: 'admin' }))).toBe(COOKIE);
    expect(challengeOf(request('GET', '/api/auth/me', { access: 'staff' }))).toBe(COOKIE);
    expect(challengeOf(request('POST', '/api/leave-requests', { access: 'staff' }))).toBe(COOKIE);
    expect(challengeOf(request('POST', '/api/auth/login', { access: 'public' }))).toBe(COOKIE);
  });

  it('the portal has its own realm; its sign-in never names a token invalid', () => {
    expect(challengeOf(request('GET', '/api/admin/stats', { access: 'public', superAdmin: true }))).toBe('Bearer realm="hoursight-admin"');
    expect(challengeOf(request('GET', '/api/admin/stats', { access: 'public', superAdmin: true }, { authorization: 'Bearer x' }))).toBe(
      'Bearer realm="hoursight-admin", error="invalid_token"',
    );
    expect(challengeOf(request('POST', '/api/super-admin/login', { access: 'public', superAdmin: 'login' }, { authorization: 'x' }))).toBe(
      'Bearer realm="hoursight-admin"',
    );
  });
});
