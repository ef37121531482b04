import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';
import { apiAs, ensureStaff, freeMondayTuesday, STAFF } from './time-off.helpers';

/**
 * The time-off screens and their dialogs with a request on them: axe (WCAG 2.1 A/AA) in both themes at 1280
 * and 390 px, and no sideways scroll at 320 px, as the Staff member and the admin see them (decision 093).
 */

let admin: APIRequestContext;

test.beforeAll(async ({ playwright, server }) => {
  admin = await apiAs(playwright, server.url, DEMO.admin);
  await ensureStaff(admin);
  const mine = (await (
    await (await apiAs(playwright, server.url, STAFF)).get('/api/leave-requests?mine=true&status=pending')
  ).json()) as unknown[];
  if (mine.length === 0) {
    // Weeks no time-off spec uses: a worker may run those specs after this one, on the same database.
    const [monday, tuesday] = await freeMondayTuesday(admin, 25);
    const asStaff = await apiAs(playwright, server.url, STAFF);
    const made = await asStaff.post('/api/leave-requests', { data: { reasonId: 1, startDate: monday, endDate: tuesday, note: 'Scanned' } });
    expect(made.status(), await made.text()).toBe(201);
    await asStaff.dispose();
  }
});
test.afterAll(async () => {
  await admin.dispose();
});

async function as(page: Page, email: string, theme: string) {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const res = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
}

async function clean(page: Page, where: string) {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  expect(await axeViolations(page), where).toEqual([]);
}

for (const theme of ['light', 'dark']) {
  for (const width of [1280, 390]) {
    test.describe(`${theme}, ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('My time off and the request dialog', async ({ page }) => {
        await as(page, STAFF, theme);
        await page.goto('/time-off');
        await expect(page.getByRole('list', { name: 'My requests' }).getByRole('listitem').first()).toBeVisible();
        await clean(page, 'My time off');
        await page.getByRole('button', { name: 'Request time off' }).click();
        const dialog = page.getByRole('dialog', { name: 'Request time off' });
        await dialog.getByLabel('Type of time off').selectOption({ label: 'Annual Leave' });
        // A last day before the first: refused in the dialog, nothing sent.
        await dialog.getByLabel('First day').fill('2099-01-10');
        await dialog.getByLabel('Last day').fill('2099-01-09');
        await dialog.getByRole('button', { name: 'Send request' }).click();
        await expect(dialog.getByRole('alert').first()).toBeVisible();
        await clean(page, 'Request dialog with a refusal');
      });

      test('Requests with the impact, and the decline dialog', async ({ page }) => {
        await as(page, DEMO.admin, theme);
        await page.goto('/requests');
        await expect(page.getByRole('table', { name: 'Available hours on each day of the request' }).first()).toBeVisible();
        await clean(page, 'Requests');
        await page.getByRole('button', { name: 'Decline', exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Decline request' });
        await dialog.getByRole('button', { name: 'Decline' }).click();
        await expect(dialog.getByText('A comment is required when declining')).toBeVisible();
        await clean(page, 'Decline dialog');
      });
    });
  }
}

test.describe('320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the time-off screens and the request dialog do not scroll sideways', async ({ page }) => {
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await as(page, STAFF, 'light');
    await page.goto('/time-off');
    await expect(page.getByRole('list', { name: 'My requests' })).toBeVisible();
    expect(await wide()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Request time off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request time off' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await wide()).toBeLessThanOrEqual(0);

    await page.context().clearCookies();
    await as(page, DEMO.admin, 'light');
    await page.goto('/requests');
    await expect(page.getByRole('table', { name: 'Available hours on each day of the request' }).first()).toBeVisible();
    expect(await wide()).toBeLessThanOrEqual(0);
  });
});
