import type { TestApp, TestResponse } from './harness';
import { DEMO_PASSWORD } from './harness';

/** Calls with a super-admin bearer token (or none), for the portal's routes. */
export function adminClient(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown): Promise<TestResponse> =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    call,
    async login(email = 'superadmin@demo.example', password = DEMO_PASSWORD, remoteAddress?: string) {
      const res = await t.app.inject({ method: 'POST', url: '/api/super-admin/login', payload: { email, password }, remoteAddress });
      if (res.statusCode !== 200) throw new Error(`super-admin login answered ${res.statusCode}: ${res.body}`);
      return res.json().token as string;
    },
    get: (url: string, token?: string) => call('GET', url, token),
    patch: (url: string, body: unknown, token?: string) => call('PATCH', url, token, body),
    post: (url: string, body: unknown, token?: string) => call('POST', url, token, body),
  };
}
