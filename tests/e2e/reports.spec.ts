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

test('Generate Report before any preview makes the preview instead of an error', async ({ page }) => {
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(dialog.getByRole('tab', { name: 'Preview' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Generate Report' }).click();
  await expect(dialog.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.frameLocator('iframe[title="Report preview"]').getByRole('heading', { name: 'Exception Report' })).toBeVisible();
  await expect(toasts(page)).not.toContainText('Preview');
  // From the preview the same flow goes on: the PDF is the report just previewed.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^exceptions_hierarchical_report_/);
  await expect(dialog).toBeHidden();
});

test('makes a preview in the Generate Report dialog, goes back to setup, and resets on close', async ({ page }) => {
  await page.getByLabel(/^All Sites/).check();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(dialog.getByRole('tab', { name: 'Preview' })).toBeDisabled();

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

test('saves the recipients as a named list, picks it and the last used, renames and deletes it', async ({ page }) => {
  const input = page.getByLabel('Email addresses');
  const picker = page.getByLabel('Saved recipients');
  await input.fill('payroll@example.test; Finance@example.test; PAYROLL@example.test');
  await page.getByRole('button', { name: 'Save as list' }).click();
  await page.getByLabel('List name').fill('Month end');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(toasts(page)).toContainText('Saved list “Month end”');

  await input.fill('');
  await picker.selectOption({ label: 'Month end (2)' });
  await expect(input).toHaveValue('payroll@example.test; Finance@example.test');

  // Sending makes these the last used, offered again after a reload.
  await input.fill('admin@demo.example');
  await page.getByRole('button', { name: 'Email Report' }).click();
  await expect(toasts(page)).toContainText('Report sent to 1 recipient');
  await page.reload();
  await page.getByLabel('Saved recipients').selectOption({ label: 'Last used (1 address)' });
  await expect(page.getByLabel('Email addresses')).toHaveValue('admin@demo.example');

  // The Generate Report dialog offers the same lists.
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  await dialog.getByLabel('Email', { exact: true }).check();
  await dialog.getByLabel('Saved recipients').selectOption({ label: 'Month end (2)' });
  await expect(dialog.getByLabel('Email addresses')).toHaveValue('payroll@example.test; Finance@example.test');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Manage lists' }).click();
  await page.getByRole('button', { name: 'Rename Month end' }).click();
  await page.getByLabel('New name for Month end').fill('Payroll team');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(toasts(page)).toContainText('Updated list “Payroll team”');
  await expect(page.getByLabel('Saved recipients').getByRole('option', { name: 'Payroll team (2)' })).toBeAttached();

  await page.getByRole('button', { name: 'Delete Payroll team' }).click();
  await page.getByRole('button', { name: 'Delete list' }).click();
  await expect(toasts(page)).toContainText('Deleted list “Payroll team”');
  await expect(page.getByLabel('Saved recipients').getByRole('option', { name: /Payroll team/ })).toHaveCount(0);
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
    // Scanned with a saved list open for managing, its delete asked in the row.
    await page.getByLabel('Email addresses').fill('axe@example.test');
    await page.getByRole('button', { name: 'Save as list' }).click();
    await page.getByLabel('List name').fill(`Axe ${theme}`);
    await page.getByRole('button', { name: 'Save list' }).click();
    await expect(page.getByLabel('Saved recipients').getByRole('option', { name: `Axe ${theme} (1)` })).toBeAttached();
    await page.getByRole('button', { name: 'Manage lists' }).click();
    await page.getByRole('button', { name: `Delete Axe ${theme}` }).click();
    await expect(page.getByRole('button', { name: 'Delete list' })).toBeVisible();
    expect(await scan()).toEqual([]);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Preview Report' }).click();
    await expect(page.getByRole('dialog').getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    expect(await scan()).toEqual([]);
  });
}
