import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

const unique = () => `E2E ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const rows = (page: Page) => page.getByTestId('employee-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('cell', { name, exact: true }) });
const names = async (page: Page) => rows(page).locator('td:first-child').allTextContents();

/** Removes employees this spec created, whatever the test's outcome. */
async function cleanUp(page: Page, prefix: string) {
  const res = await page.request.get('/api/employees');
  if (!res.ok()) return;
  for (const e of (await res.json()) as Array<{ id: number; name: string }>) {
    if (e.name.startsWith(prefix)) await page.request.delete(`/api/employees/${e.id}`);
  }
}

test.describe('Employee Management', () => {
  let name = '';
  test.afterEach(async ({ page }) => {
    if (name) await cleanUp(page, name);
  });

  test('lists, adds, edits, reorders, deletes and searches employees', async ({ page }) => {
    // Six flows through one screen, each a real save: three times the usual budget (it ran out at the
    // last step, the delete's toast, on a loaded machine). Not a retry: every wait is still for its event.
    test.slow();
    name = unique();
    await signIn(page, DEMO.admin);
    await page.goto('/employees');
    await expect(page.getByRole('heading', { name: 'Employee Management' })).toBeVisible();
    await expect(page.getByText(/^\d+ employees?$/)).toBeVisible();
    const before = await rows(page).count();
    expect(before).toBeGreaterThan(1);
    const countBefore = (await page.request.get('/api/employees').then((r) => r.json())).length as number;
    await expect(page.getByText(`${countBefore} employees`)).toBeVisible();

    // Add: first an invalid submit shows the schema's messages.
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Employee' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Monday')).toHaveValue('7.6');
    await expect(dialog.getByLabel('Saturday')).toHaveValue('0');
    await expect(dialog.getByLabel('Efficiency (%)')).toHaveValue('100');
    await dialog.getByLabel('Efficiency (%)').fill('0');
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Efficiency must be at least 1%')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Efficiency (%)').fill('95');
    await dialog.getByLabel('Friday').fill('6');
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await expect(page.getByText('Employee created', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowOf(page, name);
    await expect(row).toBeVisible();
    await expect(row.getByText('95%')).toHaveAttribute('data-tone', 'green');
    await expect(row.locator('[data-day="monday"]')).toContainText('7.6');
    await expect(row.locator('[data-day="friday"]')).toContainText('6.0');
    await expect(row.locator('[data-day="saturday"]')).toContainText('-');
    await expect(page.getByText(`${countBefore + 1} employees`)).toBeVisible();
    // New employees go last, so "down" is disabled and "up" is not.
    await expect(page.getByRole('button', { name: `Move ${name} down` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Move ${(await names(page))[0]} up` })).toBeDisabled();

    // Edit: 65% is red; Saturday 4 shows as 4.0.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Employee' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Efficiency (%)').fill('65');
    await edit.getByLabel('Saturday').fill('4');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Employee updated', { exact: true })).toBeVisible();
    await expect(row.getByText('65%')).toHaveAttribute('data-tone', 'red');
    await expect(row.locator('[data-day="saturday"]')).toContainText('4.0');

    // Reorder: one step up, and it stays there after a reload.
    const order = await names(page);
    const at = order.indexOf(name);
    await page.getByRole('button', { name: `Move ${name} up` }).click();
    const expected = [...order];
    [expected[at - 1], expected[at]] = [expected[at], expected[at - 1]];
    await expect.poll(() => names(page)).toEqual(expected);
    await page.reload();
    await expect(rowOf(page, name)).toBeVisible();
    expect(await names(page)).toEqual(expected);

    // Search filters, hides the reorder buttons, and says when nothing matches.
    const search = page.getByRole('searchbox', { name: 'Search employees' });
    await search.fill(name.toUpperCase());
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: `Move ${name} up` })).toHaveCount(0);
    await search.fill(`${name} no such person`);
    await expect(page.getByText('No employees found matching your search')).toBeVisible();
    await search.fill('');
    await expect(rows(page)).toHaveCount(before + 1);

    // Delete with the confirmation.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Employee' });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Employee deleted', { exact: true })).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);
    await expect(page.getByText(`${countBefore} employees`)).toBeVisible();
  });

  test('the read-only viewer sees the table without any controls', async ({ page }) => {
    name = '';
    await signIn(page, DEMO.viewer);
    await page.goto('/employees');
    await expect(page.getByRole('heading', { name: 'Employee Management' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Add Employee' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete|Move) / })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });
});
