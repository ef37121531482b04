import { axeViolations } from './axe';
import { execFileSync } from 'node:child_process';
import { DEMO, expect, signIn, test, toasts } from './fixtures';

/** The Reports screen against the demo business: preview, PDF download and e-mail, as admin and read-only. */

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
});

test('shows this month’s exception count and both sites in the scope', async ({ page }) => {
  const count = page.getByTestId('exception-count');
  await expect(count).toContainText(/\d+ exceptions? found in this range/);
  await expect(page.getByLabel(/^All Sites \(2\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.getByLabel('Start date')).not.toHaveValue('');
  await page.getByLabel('End date').fill('2020-01-01');
  await expect(page.getByRole('alert')).toHaveText('End date must be on or after the start date');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
});

test('makes a preview in the Generate Report dialog, goes back to setup, and resets on close', async ({ page }) => {
  await page.getByLabel(/^All Sites/).check();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(dialog.getByRole('tab', { name: 'Preview' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Generate Report' }).click();
  await expect(toasts(page)).toContainText('Please generate a report preview first');

  await dialog.getByRole('button', { name: 'Preview Report' }).click();
  await expect(dialog.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  const frame = dialog.frameLocator('iframe[title="Report preview"]');
  await expect(frame.getByRole('heading', { name: 'Exception Report' })).toBeVisible();
  await expect(dialog.getByText('Demo, Demo North', { exact: true })).toBeVisible();

  await dialog.getByRole('button', { name: 'Back to Setup' }).click();
  await expect(dialog.getByRole('tab', { name: 'Setup' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByRole('dialog', { name: 'Generate Report' }).getByRole('tab', { name: 'Preview' })).toBeDisabled();
});

test('downloads the exceptions PDF with the spec’s file name and a 3-second toast', async ({ page }) => {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^exceptions_hierarchical_report_\d{4}-\d{2}-01_to_\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(toasts(page)).toContainText('PDF Downloaded');
  const text = execFileSync('pdftotext', [(await file.path())!, '-'], { encoding: 'utf8' });
  expect(text).toContain('Exception Report');
  expect(text).toContain('Demo Business Ltd');
  await expect(toasts(page)).not.toContainText('PDF Downloaded', { timeout: 5_000 });
});

test('e-mails the available-hours report; a read-only user only to users of the business', async ({ page }) => {
  await page.getByRole('tab', { name: 'Available Hours Reports' }).click();
  const input = page.getByLabel('Email addresses');
  const send = page.getByRole('button', { name: 'Email Report' });
  await expect(send).toBeDisabled();
  await input.fill('manager@example.test; MANAGER@example.test; owner@example.test');
  await send.click();
  await expect(toasts(page)).toContainText('Report sent to 2 recipients');

  await input.fill('manager@example.test; nonsense');
  await send.click();
  await expect(toasts(page)).toContainText('Email Failed');
  await expect(toasts(page)).toContainText('Not a valid email address: nonsense');

  await page.context().clearCookies();
  await signIn(page, DEMO.viewer);
  await page.goto('/reports');
  await page.getByLabel('Email addresses').fill('boss@example.test');
  await page.getByRole('button', { name: 'Email Report' }).click();
  await expect(toasts(page)).toContainText('Read-only users can send e-mail only to users of this business.');
  await page.getByLabel('Email addresses').fill('admin@demo.example');
  await page.getByRole('button', { name: 'Email Report' }).click();
  await expect(toasts(page)).toContainText('Report sent to 1 recipient');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Reports screen and the Generate Report dialog have no axe violations (${theme})`, async ({ page }) => {
    // Two full axe scans (the page and the open dialog) take most of the default 30 s on a busy machine.
    test.slow();
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await expect(page.getByTestId('exception-count')).toContainText('found in this range');
    // The preview iframe is sandboxed without scripts, so axe cannot run inside it (it would wait for the frame).
    const scan = () => axeViolations(page, 'iframe[title="Report preview"]');
    expect(await scan()).toEqual([]);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Preview Report' }).click();
    await expect(page.getByRole('dialog').getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    expect(await scan()).toEqual([]);
  });
}
