import { expect, ownAddress, test } from './fixtures';
import { codeAt } from '../totp-reference';

/**
 * Decision 065: an admin turns on two-factor sign-in in Settings, then signing in asks for a code after
 * the password. The code is computed here (RFC 6238, HMAC-SHA1), not by the app's library. A business of
 * its own, so the demo accounts other specs share keep signing in with a password alone.
 */

test('an admin turns on two-factor sign-in, then signs in with password and a recovery code', async ({ page }) => {
  const tag = Date.now().toString(36);
  const email = `owner-${tag}@twofa.example`;
  const password = 'plum-orchard-58';
  const registered = await page.request.post('/auth/register', {
    data: { siteName: 'Two Factor Ltd', siteSubdomain: `twofa-${tag}`, email, password, confirmPassword: password },
    headers: ownAddress(),
  });
  expect(registered.status()).toBe(201);

  const signInWithPassword = async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  await signInWithPassword();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByAltText('QR code for your authenticator app')).toBeVisible();
  const key = (await section.locator('code').innerText()).replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Code from the app').fill(codeAt(key));
  await section.getByRole('button', { name: 'Turn on' }).click();
  // allInnerTexts does not wait: the list comes with the server's answer to "Turn on".
  const recovery = section.getByRole('list', { name: 'Recovery codes' }).locator('li');
  await expect(recovery).toHaveCount(10);
  const codes = await recovery.allInnerTexts();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('Two-factor sign-in is on. 10 of 10 recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithPassword();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The password alone made no session.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.getByLabel('Authentication code').fill('abcde-fghij');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code. Check your authenticator app and try again.');
  await page.getByLabel('Authentication code').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});
