import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test, toasts } from './fixtures';

const unique = () => `E2E Type ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const rows = (page: Page) => page.getByTestId('reason-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByTestId('reason-name').getByText(name, { exact: true }) });
const names = (page: Page) => page.getByTestId('reason-name').allTextContents();
type Reason = { id: number; name: string };

/** Removes the exceptions and types this spec created, whatever the test's outcome. */
async function cleanUp(page: Page, prefix: string, exceptionIds: number[]) {
  for (const id of exceptionIds) await page.request.delete(`/api/exceptions/${id}`);
  const res = await page.request.get('/api/exception-reasons');
  if (!res.ok()) return;
  for (const r of (await res.json()) as Reason[]) {
    if (r.name.startsWith(prefix)) await page.request.delete(`/api/exception-reasons/${r.id}`);
  }
}

test.describe('Manage Exception Types', () => {
  let prefix = '';
  let exceptionIds: number[] = [];
  test.afterEach(async ({ page }) => {
    if (prefix) await cleanUp(page, prefix, exceptionIds);
    exceptionIds = [];
  });

  test('adds, edits, reorders, searches and deletes a type', async ({ page }) => {
    const name = (prefix = unique());
    await signIn(page, DEMO.admin);
    await page.goto('/exception-types');
    await expect(page.getByRole('heading', { name: 'Manage Exception Types' })).toBeVisible();
    await expect(rowOf(page, 'Annual Leave')).toBeVisible();
    const countBefore = ((await page.request.get('/api/exception-reasons').then((r) => r.json())) as Reason[]).length;
    await expect(page.getByText(`${countBefore} exception types`)).toBeVisible();
    await expect(rowOf(page, 'Overtime').getByText('Additive', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(rowOf(page, 'Annual Leave').getByText('Deductive', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(rowOf(page, 'Annual Leave').getByText('Business-wide')).toBeVisible();

    // Add: a one-letter name is refused with the schema's message; the colour starts at #3b82f6.
    await page.getByRole('button', { name: 'Add Exception Type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Exception Type' });
    const hex = dialog.getByLabel('Custom colour (hex)');
    await expect(hex).toHaveValue('#3b82f6');
    await expect(dialog.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'true');
    await dialog.getByLabel('Name').fill('A');
    await dialog.getByRole('button', { name: 'Add Exception Type' }).click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    // A preset fills the hex field; typing a custom hex clears the preset's selection.
    await dialog.getByRole('radio', { name: 'Green' }).click();
    await expect(hex).toHaveValue('#10b981');
    await expect(dialog.getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'false');
    await hex.fill('#12');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add Exception Type' }).click();
    await expect(dialog.getByText('Color is required')).toBeVisible();
    await hex.fill('#123abc');
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(dialog.getByLabel('Pick a custom colour')).toHaveValue('#123abc');
    await dialog.getByLabel('Adds hours (additive)').check();
    await dialog.getByRole('button', { name: 'Add Exception Type' }).click();
    await expect(toasts(page).getByText('Exception type added', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowOf(page, name);
    await expect(row.getByText('Additive', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByText('Business-wide')).toHaveCount(0);
    await expect(row.getByTestId('reason-color')).toHaveAttribute('data-color', '#123abc');
    await expect(page.getByText(`${countBefore + 1} exception types`)).toBeVisible();
    // New types go last.
    await expect(page.getByRole('button', { name: `Move ${name} down` })).toBeDisabled();

    // Edit: rename, pick a preset colour, switch to deductive.
    const renamed = `${name} renamed`;
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Exception Type' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await expect(edit.getByLabel('Custom colour (hex)')).toHaveValue('#123abc');
    await expect(edit.getByLabel('Adds hours (additive)')).toBeChecked();
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByRole('radio', { name: 'Purple' }).click();
    await edit.getByLabel('Adds hours (additive)').uncheck();
    await expect(edit.getByLabel('Needs two approvals')).not.toBeChecked();
    await edit.getByLabel('Needs two approvals').check();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Exception type updated', { exact: true })).toBeVisible();
    const edited = rowOf(page, renamed);
    await expect(edited.getByTestId('reason-color')).toHaveAttribute('data-color', '#8b5cf6');
    await expect(edited.getByText('Deductive', { exact: true }).filter({ visible: true })).toBeVisible();
    // Two approvals for its time-off requests (decision 092): kept, and shown ticked when the dialog opens again.
    await page.getByRole('button', { name: `Edit ${renamed}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Exception Type' }).getByLabel('Needs two approvals')).toBeChecked();
    await page.getByRole('dialog', { name: 'Edit Exception Type' }).getByRole('button', { name: 'Cancel' }).click();

    // Reorder: one step up, and it stays there after a reload.
    const order = await names(page);
    const at = order.indexOf(renamed);
    await page.getByRole('button', { name: `Move ${renamed} up` }).click();
    const expected = [...order];
    [expected[at - 1], expected[at]] = [expected[at], expected[at - 1]];
    await expect.poll(() => names(page)).toEqual(expected);
    await page.reload();
    await expect(rowOf(page, renamed)).toBeVisible();
    expect(await names(page)).toEqual(expected);

    // Search filters, hides the reorder buttons, and says when nothing matches.
    const search = page.getByRole('searchbox', { name: 'Search exception types' });
    await search.fill(renamed.toUpperCase());
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: `Move ${renamed} up` })).toHaveCount(0);
    await search.fill(`${name} no such type`);
    await expect(page.getByText('No exception types found matching your search')).toBeVisible();
    await search.fill('');
    await expect(rows(page)).toHaveCount(countBefore + 1);

    // Delete with the confirmation.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Exception Type' });
    await expect(confirm).toContainText(`Are you sure you want to delete ${renamed}? This action cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText('Exception type deleted', { exact: true })).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);
    await expect(page.getByText(`${countBefore} exception types`)).toBeVisible();
  });

  test('a type in use cannot be deleted: the toast carries the server message', async ({ page }) => {
    const name = (prefix = unique());
    await signIn(page, DEMO.admin);
    const created = await page.request.post('/api/exception-reasons', { data: { name, color: '#f97316' } });
    expect(created.status()).toBe(201);
    const reason = (await created.json()) as Reason;
    const [employee] = (await page.request.get('/api/employees').then((r) => r.json())) as Array<{ id: number }>;
    const day = new Date(Date.now() + 500 * 86_400_000).toISOString().slice(0, 10);
    const exc = await page.request.post('/api/exceptions', {
      data: { employeeId: employee.id, reasonId: reason.id, startDate: day, endDate: day },
    });
    expect(exc.status()).toBe(201);
    exceptionIds.push(((await exc.json()) as { id: number }).id);

    await page.goto('/exception-types');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete Exception Type' }).getByRole('button', { name: 'Delete' }).click();
    const toast = toasts(page);
    await expect(toast.getByText('Error', { exact: true })).toBeVisible();
    await expect(
      toast.getByText('Failed to delete exception type: This exception type is used by 1 exception. Move or delete them first.'),
    ).toBeVisible();
    await expect(rowOf(page, name)).toBeVisible();
  });

  test('a type is requestable as time off unless it adds hours or is turned off (decision 113)', async ({ page }) => {
    const name = (prefix = unique());
    await signIn(page, DEMO.user);
    expect((await page.request.post('/api/exception-reasons', { data: { name } })).status()).toBe(201);
    await page.goto('/exception-types');
    await expect(rowOf(page, name).getByTestId('reason-requestable').filter({ visible: true })).toHaveText('Requestable');
    await expect(rowOf(page, 'Overtime').getByTestId('reason-requestable')).toHaveCount(0);

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Exception Type' });
    const requestable = dialog.getByLabel('Requestable as time off');
    await expect(requestable).toBeChecked();
    // Adding hours takes it away: the box is unticked and cannot be ticked.
    await dialog.getByLabel('Adds hours (additive)').check();
    await expect(requestable).not.toBeChecked();
    await expect(requestable).toBeDisabled();
    await expect(dialog).toContainText('A type that adds hours is never time off to ask for.');
    await dialog.getByLabel('Adds hours (additive)').uncheck();
    await requestable.uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name).getByTestId('reason-requestable')).toHaveCount(0);
    const saved = ((await (await page.request.get('/api/exception-reasons')).json()) as Array<Reason & { isRequestable: boolean }>).find(
      (r) => r.name === name,
    );
    expect(saved?.isRequestable).toBe(false);
  });

  test('a regular user may change site types but sees business-wide ones locked', async ({ page }) => {
    const name = (prefix = unique());
    await signIn(page, DEMO.user);
    expect((await page.request.post('/api/exception-reasons', { data: { name } })).status()).toBe(201);
    await page.goto('/exception-types');
    await expect(rowOf(page, name).getByTestId('reason-color')).toHaveAttribute('data-color', '#3b82f6');
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Annual Leave' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Annual Leave' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Move Annual Leave down' })).toBeVisible();
    const lock = page.getByRole('button', { name: /^Annual Leave is locked/ });
    await lock.focus();
    await expect(page.getByRole('tooltip')).toContainText('only an admin can edit or delete it');
  });

  test('the read-only viewer sees the table without any controls', async ({ page }) => {
    prefix = '';
    await signIn(page, DEMO.viewer);
    await page.goto('/exception-types');
    await expect(page.getByRole('heading', { name: 'Manage Exception Types' })).toBeVisible();
    await expect(rowOf(page, 'Annual Leave')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Exception Type' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete|Move) / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /is locked/ })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });
});
