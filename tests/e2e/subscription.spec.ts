import type { Page } from '@playwright/test';
import { expect, ownAddress, test } from './fixtures';

/**
 * Subscription screens against a server without Stripe keys: each test registers its own business (a fresh
 * 14-day Starter trial), so states never leak between tests.
 */
const EXPIRED = 'Trial period has expired. Please activate a subscription to continue using the service.';
let n = 0;

async function registerAndSignIn(page: Page) {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const subdomain = `e2e-sub-${tag}`;
  const email = `owner-${tag}@sub.test`;
  const reg = await page.request.post('/auth/register', {
    data: { siteName: 'Sub Test Co', siteSubdomain: subdomain, email, password: 'sub-pass-1', confirmPassword: 'sub-pass-1' },
    headers: ownAddress(),
  });
  expect(reg.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'sub-pass-1', siteIdentifier: subdomain } });
  expect(login.ok()).toBeTruthy();
  return { subdomain, email };
}

test('a new trial: status, days left, features, actions and the plans from the plans table', async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription Management' })).toBeVisible();
  const status = page.getByRole('region', { name: 'Subscription status' });
  await expect(status.getByRole('definition').first()).toHaveText('Trial');
  await expect(status.getByText('14 days left in your trial')).toBeVisible();
  await expect(status.getByText('Up to 25 employees')).toBeVisible();
  await expect(page.getByText('Card payments are not configured on this server; plans can still be activated here.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'End Trial' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable Beta Mode' })).toBeVisible();
  const pro = page.getByRole('article', { name: 'Professional plan' });
  await expect(pro.getByText('$29', { exact: true })).toBeVisible();
  await expect(pro.getByText('Up to 100 employees')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Starter plan' }).getByText('$9', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay by card' })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toHaveCount(0);
});

test('ending the trial locks changes for everyone, with a link for admins; activating a plan unlocks them', async ({ page, browser }) => {
  const { subdomain } = await registerAndSignIn(page);
  const member = await page.request.post('/api/auth/create-user', {
    data: { email: `member-${subdomain}@sub.test`, password: 'member-pass', isAdmin: false, isReadOnly: false },
  });
  expect(member.status()).toBe(201);

  await page.goto('/subscription');
  await page.getByRole('button', { name: 'End Trial' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End Trial' }).click();
  const banner = page.getByRole('alert').filter({ hasText: EXPIRED });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('region', { name: 'Subscription status' }).getByText('Trial expired')).toBeVisible();
  const refused = await page.request.post('/api/employees', { data: { name: 'Blocked' } });
  expect(refused.status()).toBe(402);
  expect((await refused.json()).message).toBe(EXPIRED);

  // A regular user sees the same banner, without the link, and can still read the calendar.
  const context = await browser.newContext();
  const other = await context.newPage();
  const login = await other.request.post('/api/auth/login', {
    data: { email: `member-${subdomain}@sub.test`, password: 'member-pass', siteIdentifier: subdomain },
  });
  expect(login.ok()).toBeTruthy();
  await other.goto('/employees');
  const theirBanner = other.getByRole('alert').filter({ hasText: EXPIRED });
  await expect(theirBanner).toBeVisible();
  await expect(theirBanner.getByRole('link')).toHaveCount(0);
  await expect(theirBanner).toContainText('ask an administrator');
  await context.close();

  await page.getByRole('article', { name: 'Professional plan' }).getByRole('button', { name: 'Activate Professional' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Subscription status' }).getByText('Active')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Professional plan' }).getByText('Current plan')).toBeVisible();
});

test('beta mode: unlimited trial and the banner on every signed-in screen', async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Enable Beta Mode' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'unlimited trial active' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscription status' }).getByText('Unlimited beta trial')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscription status' }).getByText('Unlimited employees')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable Beta Mode' })).toHaveCount(0);
  for (const path of ['/', '/employees', '/exception-types']) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: 'unlimited trial active' })).toBeVisible();
  }
});

test('trial settings restart the trial with its own length and limit', async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Trial Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trial Settings' });
  await dialog.getByLabel('Trial days').fill('30');
  await dialog.getByLabel('Max employees').fill('40');
  await dialog.getByRole('button', { name: 'Save Trial Settings' }).click();
  await expect(dialog).toHaveCount(0);
  const status = page.getByRole('region', { name: 'Subscription status' });
  await expect(status.getByText('30 days left in your trial')).toBeVisible();
  await expect(status.getByText('Up to 40 employees')).toBeVisible();
});

test('the upgrade page without payment keys: the plan card and a clear note instead of the form', async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { name: 'Upgrade to Professional' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Professional plan' });
  await expect(card.getByText('$29', { exact: true })).toBeVisible();
  await expect(card).toContainText('14-day free trial.');
  await expect(card).toContainText('No charge until after your trial ends.');
  await expect(page.getByText('Payments are not configured on this server.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
});

test('the upgrade page on an active site says so and offers plan changes, not a charge', async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto('/subscription');
  await page.getByRole('article', { name: 'Professional plan' }).getByRole('button', { name: 'Activate Professional' }).click();
  await expect(page.getByRole('article', { name: 'Professional plan' }).getByText('Current plan')).toBeVisible();
  await page.goto('/subscribe?plan=enterprise');
  await expect(page.getByRole('heading', { name: 'Upgrade to Enterprise' })).toBeVisible();
  await expect(page.getByText('This site already has an active Professional subscription, so nothing is charged here.')).toBeVisible();
  await expect(page.getByText('To move to Enterprise, change the plan below.')).toBeVisible();
  await expect(page.getByText('Your trial has ended, so the first month is charged today.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Payment details' })).toHaveCount(0);
  await page.getByRole('article', { name: 'Enterprise plan' }).getByRole('button', { name: 'Activate Enterprise' }).click();
  await expect(page.getByText('You are on this plan already.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Enterprise plan' }).getByText('Current plan')).toBeVisible();
});

test('non-admins are kept out of both pages', async ({ page }) => {
  await page.request.post('/api/auth/login', { data: { email: 'user@demo.example', password: 'hoursight-demo' } });
  for (const path of ['/subscription', '/subscribe']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Admin access required' })).toBeVisible();
  }
});
