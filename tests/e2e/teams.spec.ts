import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const rowOf = (page: Page, name: string) => page.getByTestId('employee-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

const teamIds = async (page: Page): Promise<Record<string, number>> =>
  Object.fromEntries(
    ((await (await page.request.get('/api/teams')).json()) as Array<{ id: number; name: string }>).map((t) => [t.name, t.id]),
  );

/** Removes what this spec made, whatever the test's outcome. */
async function cleanUp(page: Page, suffix: string) {
  const teams = await page.request.get('/api/teams');
  if (teams.ok()) {
    for (const t of (await teams.json()) as Array<{ id: number; name: string }>) {
      if (t.name.endsWith(suffix)) await page.request.delete(`/api/teams/${t.id}`);
    }
  }
  const staff = await page.request.get('/api/employees');
  if (staff.ok()) {
    for (const e of (await staff.json()) as Array<{ id: number; name: string }>) {
      if (e.name.endsWith(suffix)) await page.request.delete(`/api/employees/${e.id}`);
    }
  }
}

test.describe('Teams', () => {
  let suffix = '';
  test.afterEach(async ({ page }) => {
    if (suffix) await cleanUp(page, suffix);
  });

  test('an admin creates a team, puts an employee in it, filters by it, renames, moves and deletes it', async ({ page }) => {
    test.slow();
    suffix = unique();
    const team = `Packing ${suffix}`;
    const other = `Dispatch ${suffix}`;
    const person = `Team Member ${suffix}`;
    await signIn(page, DEMO.admin);
    await page.goto('/employees');

    // Two teams through the dialog; an empty name is refused by the shared rule.
    await page.getByRole('button', { name: 'Manage Teams' }).click();
    const dialog = page.getByRole('dialog', { name: 'Teams' });
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expect(dialog.getByText('Team name is required')).toBeVisible();
    await dialog.getByLabel('Team name').fill(team);
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expect(page.getByText('Team created', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByLabel('Team name')).toHaveValue('');
    await dialog.getByLabel('Team name').fill(other);
    await dialog.getByLabel('Team name').press('Enter');
    const rows = dialog.getByTestId('team-row');
    await expect(rows.filter({ hasText: other })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // A new employee in the first team: the table shows it and the filter finds it.
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const add = page.getByRole('dialog', { name: 'Add Employee' });
    await add.getByLabel('Name').fill(person);
    await add.getByLabel('Team').selectOption({ label: team });
    await add.getByRole('button', { name: 'Add Employee' }).click();
    await expect(add).toBeHidden();
    await expect(rowOf(page, person).getByTestId('team-cell')).toHaveText(team);
    await page.getByLabel('Filter by team').selectOption({ label: team });
    await expect(page.getByTestId('employee-row')).toHaveCount(1);
    await page.getByLabel('Filter by team').selectOption({ label: 'All teams' });

    // Editing something else keeps the team the dialog opened with.
    await page.getByRole('button', { name: `Edit ${person}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Employee' });
    await expect(edit.getByLabel('Team')).toHaveValue(String((await teamIds(page))[team]));
    await edit.getByLabel('Efficiency (%)').fill('90');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, person).getByText('90%')).toBeVisible();
    await expect(rowOf(page, person).getByTestId('team-cell')).toHaveText(team);

    // Rename and move with the keyboard, then delete: the employee stays, without a team.
    await page.getByRole('button', { name: 'Manage Teams' }).click();
    await dialog.getByRole('button', { name: `Rename ${team}` }).click();
    const renamed = `Packing and Wrapping ${suffix}`;
    await dialog.getByLabel(`Rename ${team}`).fill(renamed);
    await dialog.getByLabel(`Rename ${team}`).press('Enter');
    await expect(dialog.getByRole('button', { name: `Rename ${renamed}` })).toBeFocused();
    const names = () => dialog.getByTestId('team-name').allTextContents();
    const before = await names();
    expect(before.indexOf(other)).toBe(before.indexOf(renamed) + 1);
    await dialog.getByRole('button', { name: `Move ${other} up` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await names()).indexOf(other)).toBe(before.indexOf(renamed));
    await dialog.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Team' });
    await expect(confirm).toContainText('Its employee stays, without a team.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Team deleted', { exact: true }).first()).toBeVisible();
    await expect(rows.filter({ hasText: renamed })).toHaveCount(0);
    await expect(confirm).toBeHidden();
    await expect(dialog.getByLabel('Team name')).toBeFocused();
    // Closed by its button: Escape would first dismiss the success toast.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, person).getByTestId('team-cell')).toHaveText('No team');
  });

  test('a regular user sees the teams but cannot manage them', async ({ page }) => {
    await signIn(page, DEMO.user);
    await page.goto('/employees');
    await expect(page.getByRole('heading', { name: 'Employee Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Employee' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Teams' })).toHaveCount(0);
  });
});
