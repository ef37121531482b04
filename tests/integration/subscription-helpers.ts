import { eq } from 'drizzle-orm';
import { sites } from '../../src/server/db/schema';
import { createUser } from '../factories';
import type { TestApp } from './harness';

let n = 0;

/** Registers a fresh business through the API (a 14-day Starter trial) and signs its admin in. */
export async function registerSite(t: TestApp, name = 'Trial Co') {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const subdomain = `sub-${tag}`;
  const email = `owner-${tag}@trial.test`;
  const res = await t.request('POST', '/auth/register', {
    body: { siteName: name, siteSubdomain: subdomain, email, password: 'trial-pass', confirmPassword: 'trial-pass' },
    remoteAddress: `10.9.${n % 250}.${(n * 7) % 250}`,
  });
  if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  const [site] = await t.db.select().from(sites).where(eq(sites.subdomain, subdomain));
  const cookie = await t.login(email, 'trial-pass', subdomain);
  // Moving the test clock by days outlives the session: sign in again after.
  const login = () => t.login(email, 'trial-pass', subdomain);
  return { site, cookie, subdomain, login };
}

/** A regular (non-admin) user of the site, signed in. */
export async function signInUser(t: TestApp, siteId: number, subdomain: string, opts: { isReadOnly?: boolean } = {}) {
  const user = await createUser(t.db, siteId, { password: 'member-pass', ...opts });
  return t.login(user.email, 'member-pass', subdomain);
}
