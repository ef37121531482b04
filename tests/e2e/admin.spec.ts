import { axeViolations } from './axe';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, ownAddress, superAdmin, test, toasts } from './fixtures';

/** The platform admin portal: sign in, search, open a business, edit a plan, suspend and re-activate, sign out. */

const n = Date.now().toString(36);
const business = `Portal Check ${n} Ltd`;
const owner = { email: `owner-${n}@portal.test`, password: 'portal-pass' };

async function ownerLogin(baseURL: string) {
  // A context of its own: the portal page's cookies play no part in the site sign-in.
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('/api/auth/login', { data: owner });
  const body = await res.json();
  await ctx.dispose();
  return { status: res.status(), message: body.message as string | undefined };
}

test.beforeAll(async ({ request }) => {
  const res = await request.post('/auth/register', {
    data: {
      siteName: business,
      siteSubdomain: `portal-${n}`,
      email: owner.email,
      password: owner.password,
      confirmPassword: owner.password,
    },
    headers: ownAddress(),
  });
  expect(res.status()).toBe(201);
});

test('a super-admin finds a business, edits a plan, suspends and re-activates a site, and signs out', async ({ page, baseURL }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill('superadmin@demo.example');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await page.getByLabel('Password').fill(superAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search businesses, sites and users' }).fill(`check ${n}`);
  await page.getByRole('region', { name: 'Businesses (1)' }).getByRole('button', { name: business }).click();
  await expect(page.getByRole('heading', { name: business })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sites' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: `Edit site ${business}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Site' });
  await expect(dialog.getByLabel('Plan')).toHaveValue('starter');
  await dialog.getByLabel('Plan').selectOption('enterprise');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Site updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(business) }).getByText('enterprise', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: business, exact: true }).click();
  await page.getByRole('button', { name: 'Suspend Site' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend Site' }).click();
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
  expect(await ownerLogin(baseURL!)).toEqual({ status: 403, message: 'This site has been suspended. Please contact support.' });

  await page.getByRole('button', { name: 'Activate Site' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Activate Site' }).click();
  await expect(page.getByRole('button', { name: 'Suspend Site' })).toBeVisible();
  expect((await ownerLogin(baseURL!)).status).toBe(200);

  await page.getByRole('button', { name: 'Back to business' }).click();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('tabpanel', { name: 'Audit log' });
  await expect(audit.getByRole('cell', { name: /^site\.suspend #/ })).toBeVisible();
  await expect(audit.getByRole('cell', { name: /^site\.reactivate #/ })).toBeVisible();
  await expect(audit.getByRole('listitem').filter({ hasText: 'planType: starter → enterprise' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to overview' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('super_admin_token'))).toBeNull();
});

test('the portal names Staff as Staff, and its Edit User changes the role by the site’s rules (decision 116)', async ({ page }) => {
  await portalSignIn(page);
  const search = page.getByRole('searchbox', { name: 'Search businesses, sites and users' });
  await search.fill('staff@demo.example');
  const found = page.getByRole('region', { name: 'Users (1)' });
  await expect(found.getByRole('row', { name: /staff@demo\.example/ }).getByText('Staff', { exact: true })).toBeVisible();
  await found.getByRole('button', { name: 'staff@demo.example' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Business Ltd' })).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();
  const users = page.getByRole('tabpanel', { name: 'Users' });
  const viewer = users.getByRole('row', { name: /viewer@demo\.example/ });
  await expect(viewer.getByText('Read Only', { exact: true })).toBeVisible();
  await expect(users.getByRole('row', { name: /user@demo\.example/ }).getByText('User', { exact: true })).toBeVisible();

  const setRole = async (email: string, role: string) => {
    await page.getByRole('button', { name: `Edit user ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByRole('radio', { name: role, exact: true }).check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    return dialog;
  };
  await expect(await setRole('viewer@demo.example', 'User')).toBeHidden();
  await expect(toasts(page).getByText('User updated')).toBeVisible();
  await expect(viewer.getByText('User', { exact: true })).toBeVisible();
  await expect(await setRole('viewer@demo.example', 'Read Only')).toBeHidden();
  await expect(viewer.getByText('Read Only', { exact: true })).toBeVisible();

  // The registered owner is the only admin of their site: the portal keeps them one, in the server's words.
  await page.getByRole('button', { name: 'Back to overview' }).click();
  await search.fill(`check ${n}`);
  await page.getByRole('region', { name: 'Businesses (1)' }).getByRole('button', { name: business }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  const refused = await setRole(owner.email, 'Staff');
  await expect(
    toasts(page).getByText(`${owner.email} is the last admin who can manage ${business}. Make another user of the site an admin first.`),
  ).toBeVisible();
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: 'Users' })
      .getByRole('row', { name: new RegExp(owner.email) })
      .getByText('Admin', { exact: true }),
  ).toBeVisible();
});

test('a token kept under the old storage key is moved to super_admin_token without signing out', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill('superadmin@demo.example');
  await page.getByLabel('Password').fill(superAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('super_admin_token'));
  expect(token).toMatch(/\S{20,}/);
  await page.evaluate((t) => {
    localStorage.removeItem('super_admin_token');
    localStorage.setItem('superAdminToken', t!);
  }, token);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('super_admin_token'), localStorage.getItem('superAdminToken')])).toEqual([
    token,
    null,
  ]);
});

test('a token that fails the auth check is cleared and the login comes back', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('superAdminToken', 'not-a-real-token'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Authentication failed' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('super_admin_token'), localStorage.getItem('superAdminToken')])).toEqual([
    null,
    null,
  ]);
});

test('the admin sub-host shows the portal on any path', async ({ page, server }) => {
  await page.goto(`http://admin.localhost:${server.port}/employees`);
  await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill('superadmin@demo.example');
  await page.getByLabel('Password').fill(superAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
});

async function portalSignIn(page: Page, password = superAdmin.password) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill('superadmin@demo.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
}

test('a super-admin changes their own password; another browser’s token stops working', async ({ page, browser }) => {
  const other = await browser.newPage();
  await portalSignIn(other);
  await portalSignIn(page);
  const change = async (current: string, next: string) => {
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill(current);
    await dialog.getByLabel('New password', { exact: true }).fill(next);
    await dialog.getByLabel('Confirm new password').fill(next);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(toasts(page).getByText('Password changed')).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await change(superAdmin.password, 'portal-secret-2');
  // This browser keeps working with its new token; the other one is sent back to the login.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('region', { name: 'Users' }).getByText('viewer@demo.example')).toBeVisible();
  await other.getByRole('tab', { name: 'Users' }).click();
  await expect(other.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  await expect(other.getByRole('alert').filter({ hasText: 'Authentication failed' })).toBeVisible();
  // The demo password is refused as a new one (decision 105): the worker's later specs sign in with this one.
  await change('portal-secret-2', 'portal-secret-3');
  superAdmin.password = 'portal-secret-3';
  await other.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the portal's login, overview and business view have no axe violations (${theme})`, async ({ page }) => {
    const violations = () => axeViolations(page);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
    expect(await violations()).toEqual([]);
    await portalSignIn(page);
    await expect(page.getByRole('region', { name: 'Businesses' }).getByRole('button', { name: 'Demo Business Ltd' })).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.getByRole('button', { name: 'Demo Business Ltd' }).click();
    await expect(page.getByRole('tab', { name: 'Sites' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
}
