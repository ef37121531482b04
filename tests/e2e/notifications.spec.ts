import { axeViolations } from './axe';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test, toasts } from './fixtures';

const unique = () => `E2E Digest ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const rowOf = (page: Page, name: string) => page.getByTestId('notification-row').filter({ hasText: name });
type Saved = {
  id: number;
  name: string;
  enabled: boolean;
  recipientEmails: string[];
  digestFrequency: string;
  weeklyDay: number;
  sendTime: string;
  userTimezone: string;
  teamAvailabilityEnabled: boolean;
};
const saved = async (page: Page, name: string) =>
  ((await (await page.request.get('/api/saved-notifications')).json()) as Saved[]).find((n) => n.name === name);

test.describe('Settings → Email Notifications', () => {
  let prefix = '';
  test.afterEach(async ({ page }) => {
    const res = await page.request.get('/api/saved-notifications');
    if (!res.ok() || !prefix) return;
    for (const n of (await res.json()) as Saved[])
      if (n.name.startsWith(prefix)) await page.request.delete(`/api/saved-notifications/${n.id}`);
  });

  test('creates, edits, toggles and deletes a notification', async ({ page }) => {
    const name = (prefix = unique());
    await signIn(page, DEMO.user);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Email Notifications' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Notification' });
    // §5: the current user's e-mail is the default recipient.
    await expect(dialog.getByLabel('Recipients')).toHaveValue('user@demo.example');
    await dialog.getByLabel('Recipients').fill(' , ');
    await dialog.getByRole('button', { name: 'Create Notification' }).click();
    await expect(dialog.getByText('Please enter a name for the notification.')).toBeVisible();
    await expect(dialog.getByText('Please enter at least one recipient email address.')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Recipients').fill('ops@example.test, nope');
    await dialog.getByRole('button', { name: 'Create Notification' }).click();
    await expect(dialog.getByText('Not a valid email address: nope')).toBeVisible();
    // Decision 064: at most 10 recipients, said before anything is sent to the server.
    await dialog.getByLabel('Recipients').fill(Array.from({ length: 11 }, (_, i) => `r${i}@example.test`).join(', '));
    await dialog.getByRole('button', { name: 'Create Notification' }).click();
    await expect(dialog.getByText('A digest can have at most 10 recipients.')).toBeVisible();
    await dialog.getByLabel('Recipients').fill(' ops@example.test , ,lead@example.test ');
    await dialog.getByLabel('Frequency').selectOption('weekly');
    await dialog.getByLabel('Day of the week').selectOption({ label: 'Friday' });
    await dialog.getByLabel('Send time').selectOption('17:30');
    await dialog.getByLabel('Search time zones').fill('sydney');
    await dialog.getByLabel('Time zone', { exact: true }).selectOption('Australia/Sydney');
    await dialog.getByLabel('Include team availability').check();
    await dialog.getByRole('button', { name: 'Create Notification' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText('Notification created')).toBeVisible();
    await expect(rowOf(page, name)).toContainText('Weekly on Friday at 17:30 (Australia/Sydney) · 2 recipients');
    expect(await saved(page, name)).toMatchObject({
      recipientEmails: ['ops@example.test', 'lead@example.test'],
      digestFrequency: 'weekly',
      weeklyDay: 5,
      sendTime: '17:30',
      userTimezone: 'Australia/Sydney',
      teamAvailabilityEnabled: true,
    });

    // Edit: the dialog opens with the saved values.
    await rowOf(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Notification' });
    await expect(edit.getByLabel('Recipients')).toHaveValue('ops@example.test, lead@example.test');
    await expect(edit.getByLabel('Time zone', { exact: true })).toHaveValue('Australia/Sydney');
    await edit.getByLabel('Frequency').selectOption('monthly');
    await edit.getByLabel('Day of the month').selectOption('28');
    await edit.getByRole('button', { name: 'Update Notification' }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, name)).toContainText('Monthly on day 28 at 17:30');

    // Toggle off and on again.
    const toggle = rowOf(page, name).getByRole('switch', { name: `Enable ${name}` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect.poll(async () => (await saved(page, name))?.enabled).toBe(false);
    await toggle.click();
    await expect.poll(async () => (await saved(page, name))?.enabled).toBe(true);

    // Delete, with confirmation.
    await rowOf(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Notification' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rowOf(page, name)).toBeVisible();
    await rowOf(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete Notification' }).getByRole('button', { name: 'Delete' }).click();
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(await saved(page, name)).toBeUndefined();
  });

  test('sends a test e-mail', async ({ page }) => {
    await signIn(page, DEMO.user);
    await page.goto('/settings');
    const address = page.getByLabel('Test email address');
    await expect(address).toHaveValue('user@demo.example');
    await address.fill('e2e-test@example.test');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toasts(page).getByText('Test email sent to e2e-test@example.test')).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the list and the dialog have no axe violations (${theme})`, async ({ page }) => {
      const name = (prefix = unique());
      await signIn(page, DEMO.admin);
      expect(
        (
          await page.request.post('/api/saved-notifications', {
            data: { name, recipientEmails: ['a11y@example.test'], teamAvailabilityEnabled: true, teamAvailabilitySiteScope: 'selected' },
          })
        ).ok(),
      ).toBeTruthy();
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/settings');
      await expect(rowOf(page, name)).toBeVisible();
      const scan = () => axeViolations(page);
      expect(await scan()).toEqual([]);
      await rowOf(page, name)
        .getByRole('button', { name: `Edit ${name}` })
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit Notification' }).getByText('Choose sites')).toBeVisible();
      expect(await scan()).toEqual([]);
    });
  }
});
