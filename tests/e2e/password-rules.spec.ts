import { expect, ownAddress, signIn, test, toasts } from './fixtures';

/** Decision 065: a common password, or one equal to the e-mail, is refused with a message the user can act on. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('registration refuses a common password and one equal to the e-mail, then accepts a better one', async ({ page }) => {
  const id = unique();
  const email = `rules-${id}@e2e.test`;
  await page.setExtraHTTPHeaders(ownAddress());
  await page.goto('/register');
  await page.getByLabel('Company Name').fill(`Rules ${id}`);
  await page.getByLabel('Email').fill(email);
  const tryPassword = async (password: string) => {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
  };
  await tryPassword('sunshine');
  await expect(page.getByRole('alert').filter({ hasText: 'one of the most common passwords' })).toHaveText(
    'This password is one of the most common passwords. Please choose a less common one.',
  );
  await tryPassword(email);
  await expect(page.getByRole('alert').filter({ hasText: 'Password must not be' })).toHaveText(
    'Password must not be your email address or site identifier',
  );
  await tryPassword('granite-lantern-77');
  await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible();
});

test('Add User names the password rule under the password field', async ({ page }) => {
  await signIn(page, 'admin@demo.example');
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('Email').fill(`rules-${unique()}@demo.example`);
  await add.getByLabel('Password').fill('qwerty123');
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(toasts(page).getByText('Failed to create user')).toBeVisible();
  await expect(add.getByText('This password is one of the most common passwords. Please choose a less common one.')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
});
