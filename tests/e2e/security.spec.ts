import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';

/** The app works under its Content-Security-Policy, with no violation reported, and refuses to be framed. */

test('signs in and shows the calendar with no Content-Security-Policy violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.admin);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.goto('/?view=month');
  await expect(page.getByRole('columnheader', { name: 'Monday' }).first()).toBeVisible();
  // A dialog: Radix adds styles at run time.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The stored theme is applied by /boot.js before the app starts.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(violations).toEqual([]);
});

test('refuses to be shown inside another site’s frame', async ({ page, baseURL }) => {
  await page.setContent(`<iframe id="f" src="${baseURL}/login" width="400" height="300"></iframe>`);
  // Blocked by frame-ancestors, the frame ends on Chromium's error page instead of the sign-in form.
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('#f').getByLabel('Email')).toHaveCount(0);
  const res = await page.request.get('/login');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-frame-options']).toBe('DENY');
});
