import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type E2EServer } from './server';

export const DEMO_PASSWORD = 'hoursight-demo';
/**
 * The demo super-admin in this worker's server. The demo password cannot be set again once changed (it is public,
 * decision 105), so a spec that changes it records the new one here and later specs of the worker sign in with it.
 */
export const superAdmin = { email: 'superadmin@demo.example', password: DEMO_PASSWORD };
export const DEMO = {
  admin: 'admin@demo.example',
  user: 'user@demo.example',
  viewer: 'viewer@demo.example',
  staff: 'staff@demo.example',
} as const;

/** Signs in through the API; the page shares the request context's cookies. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `sign-in as ${email}: ${res.status()}`).toBeTruthy();
}

let businessSeq = 0;
/**
 * A business of its own, registered through the API from a client address of its own, with its admin signed
 * in: no demo staff, no holidays, weekends off, so a spec can work out every number by hand.
 */
export async function newBusiness(page: Page, siteName: string, prefix: string) {
  const tag = `${Date.now().toString(36)}${(businessSeq++).toString(36)}`;
  const owner = { email: `${prefix}-${tag}@e2e.test`, password: `${prefix}-pass-1`, subdomain: `${prefix}-${tag}` };
  const registered = await page.request.post('/auth/register', {
    data: { siteName, siteSubdomain: owner.subdomain, email: owner.email, password: owner.password, confirmPassword: owner.password },
    headers: ownAddress(),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.context().clearCookies();
  await signIn(page, owner.email, owner.password);
  return owner;
}

/** Every spec's `test`: the worker's own server, and `baseURL` pointing at it. */
export const test = base.extend<object, { server: E2EServer }>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const { server, stop } = await startServer(workerInfo.parallelIndex);
      await provide(server);
      await stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
});
export { expect };

/**
 * The toast viewport (Radix labels it "Notifications (F8)"). Found by attribute, not role: while a modal
 * dialog is open Radix hides everything outside it from the accessibility tree. Radix also mirrors toasts
 * into a hidden announcer, which this excludes.
 */
export const toasts = (page: Page) => page.locator('[role="region"][aria-label^="Notifications"]');

/** The header's site switcher: a menu button named for the current site (decision 043). */
export const siteSwitcher = (page: Page) => page.getByRole('button', { name: /^Current site: / });

/** Switches site as a user does: open the switcher and choose the site; waits for the switch to end. */
export async function chooseSite(page: Page, name: string) {
  await siteSwitcher(page).click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
  await expect(siteSwitcher(page)).toHaveAccessibleName(`Current site: ${name}`);
  await expect(page.getByText('Switching site...')).toBeHidden();
}

/** The sites the switcher offers (opens its menu and closes it again). */
export async function siteChoices(page: Page): Promise<string[]> {
  await siteSwitcher(page).click();
  const items = page.getByRole('menuitemradio');
  await expect(items.first()).toBeVisible();
  const names = await items.allTextContents();
  await page.keyboard.press('Escape');
  await expect(items).toHaveCount(0);
  return names;
}

let addressSeq = 0;
/**
 * A client address of its own for a spec that registers a business through the API. Registration is
 * limited to five per address an hour, and one worker's server sees every spec it runs; the server trusts
 * X-Forwarded-For from the loopback runner (tests/e2e/server.ts), as it would from a local proxy.
 */
export function ownAddress(): Record<string, string> {
  addressSeq += 1;
  return { 'x-forwarded-for': `10.88.${process.pid % 250}.${addressSeq % 250}` };
}
