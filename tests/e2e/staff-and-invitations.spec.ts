import type { Page } from '@playwright/test';
import { DEMO, expect, newBusiness, signIn, test, toasts } from './fixtures';
import { chooseEmployee, employeeBox } from './combobox';

/** Staff users and linked employees (decision 091): the admin's screens, and what a Staff user sees. */

async function addEmployee(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/employees', {
    data: {
      name,
      efficiency: 100,
      mondayHours: 7.5,
      tuesdayHours: 7.5,
      wednesdayHours: 7.5,
      thursdayHours: 7.5,
      fridayHours: 7.5,
      saturdayHours: 0,
      sundayHours: 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('the admin invites an employee, then links another through a user’s role and employee', async ({ page }) => {
  const owner = await newBusiness(page, 'Invite Works', 'invite');
  await addEmployee(page, 'Iris Invited');
  await addEmployee(page, 'Lee Linked');

  await page.goto('/employees');
  const iris = page.getByRole('row').filter({ hasText: 'Iris Invited' });
  await iris.getByRole('button', { name: 'Invite Iris Invited' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite to sign in' });
  await expect(invite.getByLabel('Email')).toBeFocused();
  await invite.getByLabel('Email').fill(owner.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  // The owner's own address is a user of the site already: said in the form, nothing made.
  await expect(invite.getByText(`${owner.email} is already a user of this site.`, { exact: false })).toBeVisible();
  await invite.getByLabel('Email').fill('iris@invite.e2e.test');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(toasts(page).getByText('Invitation sent')).toBeVisible();
  await expect(iris.getByTestId('sign-in-cell')).toHaveText('Yes');
  await expect(iris.getByRole('button', { name: 'Invite Iris Invited' })).toHaveCount(0);

  await page.goto('/user-management');
  const invited = page.getByRole('listitem', { name: 'iris@invite.e2e.test' });
  await expect(invited.getByText('Staff', { exact: true })).toBeVisible();
  await expect(invited.getByText('Invited', { exact: true })).toBeVisible();
  await expect(invited.getByText('Iris Invited')).toBeVisible();

  // A new regular user, then made Staff and linked to Lee through the edit dialog.
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('Email').fill('lee@invite.e2e.test');
  await add.getByLabel('Password').fill('lee-own-pass');
  // Iris is linked already, so only Lee is offered.
  await employeeBox(add).click();
  await expect(add.getByRole('option')).toHaveText(['Not linked', 'Lee Linked']);
  await page.keyboard.press('Escape');
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add).toBeHidden();
  const lee = page.getByRole('listitem', { name: 'lee@invite.e2e.test' });
  await expect(lee.getByText('User', { exact: true })).toBeVisible();
  await expect(lee.getByText('Not linked to an employee')).toBeVisible();

  await lee.getByRole('button', { name: 'Edit lee@invite.e2e.test' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('radio', { name: 'Staff', exact: true }).check();
  await chooseEmployee(edit, 'Lee Linked');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(lee.getByText('Staff', { exact: true })).toBeVisible();
  await expect(lee.getByText('Lee Linked')).toBeVisible();

  // Lee signs in as Staff: the calendar only.
  await page.context().clearCookies();
  await signIn(page, 'lee@invite.e2e.test', 'lee-own-pass');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { isStaff: boolean; employeeId: number | null } };
  expect(me.user.isStaff).toBe(true);
  expect(me.user.employeeId).not.toBeNull();
});

test('staff@demo.example sees the calendar without refused requests, and only the pages for Staff', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await signIn(page, DEMO.staff);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  for (const view of ['Week', 'Day', 'Wallchart', 'Month']) {
    await page.getByRole('button', { name: view, exact: true }).click();
    await expect(page.getByRole('button', { name: view, exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Main' });
  // The calendar, and their own time off (decision 093).
  await expect(nav.getByRole('link')).toHaveText(['Calendar', 'My time off']);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');

  for (const path of ['/employees', '/employees/1', '/reports', '/settings', '/user-management', '/exception-types', '/subscription']) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(refused).toEqual([]);
});
