import type { Page } from '@playwright/test';
import { DEMO, expect, ownAddress, signIn, test, toasts } from './fixtures';
import { axeViolations } from './axe';

/** Registration, password reset screens and user management, through the UI. */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('registration', () => {
  // Each registering test comes from its own client address, so the per-address limit is not shared.
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(ownAddress());
  });

  test('registers a company, offers Go to Sign In, and the new admin signs in to an empty site of their own', async ({ page }) => {
    const id = unique();
    const email = `owner-${id}@e2e.test`;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Register your company' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel('Company Name').fill(`Widgets ${id}`);
    // The identifier is suggested from the company name until the user types one.
    await expect(page.getByLabel('Site or Team Identifier')).toHaveValue(`widgets-${id}`);
    await page.getByLabel('Site or Team Identifier').fill(`w-${id}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('widget-pass');
    await page.getByLabel('Confirm Password').fill('widget-pass');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible();
    await expect(page.getByText(`w-${id}`, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, email, 'widget-pass');
    await expect(page).toHaveURL(/\/$/);
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.site).toMatchObject({ name: `Widgets ${id}`, subdomain: `w-${id}` });
    expect(me.user).toMatchObject({ email, isAdmin: true });
    expect(await (await page.request.get('/api/employees')).json()).toEqual([]);

    await page.goto('/user-management');
    const row = page.getByRole('listitem', { name: email });
    await expect(row).toBeVisible();
    await expect(row.getByText('You', { exact: true })).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    // Only Edit on one's own row: the employee link can change there, the role cannot.
    await expect(row.getByRole('button')).toHaveText(['Edit']);
  });

  test('the identifier hint names the site address, or the sign-in form when the app is reached by IP address', async ({
    page,
    server,
  }) => {
    await page.goto('/register');
    await page.getByLabel('Site or Team Identifier').fill('acme');
    await expect(page.getByText(`Your address will be acme.localhost:${server.port}`)).toBeVisible();
    await page.goto(`http://127.0.0.1:${server.port}/register`);
    await page.getByLabel('Site or Team Identifier').fill('acme');
    await expect(page.getByText(`Sign in at 127.0.0.1:${server.port} with this identifier.`)).toBeVisible();
    await expect(page.getByText('acme.127.0.0.1')).toHaveCount(0);
  });

  test('shows the field rules and the server’s message', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Company Name').fill('Clash Co');
    await page.getByLabel('Site or Team Identifier').fill('my team');
    await page.getByLabel('Email').fill('clash@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('clash-pass');
    await page.getByLabel('Confirm Password').fill('other-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Site identifier cannot contain spaces')).toBeVisible();

    await page.getByLabel('Site or Team Identifier').fill('admin');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('That site identifier is reserved. Please choose another.')).toBeVisible();

    await page.getByLabel('Site or Team Identifier').fill('demo');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel('Confirm Password').fill('clash-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'already taken' })).toHaveText(
      'That site identifier is already taken. Please choose another.',
    );
  });

  test('a server failure shows "Registration failed. Please try again."', async ({ page }) => {
    await page.route('**/auth/register', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    await page.goto('/register');
    await page.getByLabel('Company Name').fill('Broken Co');
    await page.getByLabel('Email').fill('broken@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('broken-pass');
    await page.getByLabel('Confirm Password').fill('broken-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Registration failed. Please try again.');
  });
});

test.describe('password reset screens', () => {
  test('forgot password: validation, then a confirmation that never says whether the account exists', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByLabel('Email').fill('nobody-here@e2e.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(
      page.getByText('If an account exists for nobody-here@e2e.test, we have sent a link to reset your password.'),
    ).toBeVisible();
    await expect(page.getByText(/The link expires in 1 hour/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('forgot password: no answer at all shows "Network error. Please try again."', async ({ page }) => {
    await page.route('**/auth/forgot-password', (route) => route.abort('connectionrefused'));
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('someone@e2e.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Network error. Please try again.');
  });

  test('reset password without a token shows the invalid-link screen, which offers a new link', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Invalid reset link' })).toBeVisible();
    await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('a link that no longer works says so as its page opens, with the way to a new one (decision 114)', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Reset link already used' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'This link has already been used or has expired. Ask for a new one to choose a password.',
    );
    await expect(page.getByLabel('New Password')).toHaveCount(0);
    await page.goto('/reset-password?token=not-a-real-token&invite=1');
    await expect(page.getByRole('heading', { name: 'Invitation link already used' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'This invitation link has already been used or has expired. If you have set your password, sign in; otherwise ask for a new link.',
    );
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('reset password: rules on the form, and the server refuses an unknown token', async ({ page }) => {
    // The page's opening check is answered "still works", so the form shows and the submit meets the server's refusal.
    await page.route('**/auth/reset-password/check?*', (route) => route.fulfill({ json: { valid: true } }));
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New Password').fill('12345');
    await page.getByLabel('Confirm Password').fill('12345');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password must be at least 6 characters').first()).toBeVisible();
    await page.getByLabel('New Password').fill('long-enough');
    await page.getByLabel('Confirm Password').fill('long-enough!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm Password').fill('long-enough');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid reset token' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});

test.describe('user management', () => {
  test('a non-admin sees that admin access is required', async ({ page }) => {
    await signIn(page, DEMO.user);
    await page.goto('/user-management');
    await expect(page.getByRole('heading', { name: 'Admin access required' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access user management. Admin access required.")).toBeVisible();
  });

  test('the admin adds a user, deactivates and reactivates them, and grants a site', async ({ page, browser }) => {
    const email = `staff-${unique()}@demo.example`;
    await signIn(page, DEMO.admin);
    await page.goto('/user-management');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    const own = page.getByRole('listitem', { name: DEMO.admin });
    await expect(own.getByText('You', { exact: true })).toBeVisible();
    // Only Edit on one's own row (to link oneself to an employee; the role is fixed there).
    await expect(own.getByRole('button')).toHaveCount(1);
    await expect(own.getByRole('button', { name: `Edit ${DEMO.admin}` })).toBeVisible();
    await expect(page.getByRole('listitem', { name: DEMO.viewer }).getByText('Read Only', { exact: true })).toBeVisible();

    // Add User
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Email').fill('not-an-email');
    await add.getByLabel('Password').fill('123');
    await add.getByRole('button', { name: 'Create User' }).click();
    await expect(add.getByText('Valid email required')).toBeVisible();
    await expect(add.getByText('Password must be at least 6 characters')).toBeVisible();
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('staff-pass');
    await add.getByRole('radio', { name: 'Read Only', exact: true }).check();
    await add.getByRole('button', { name: 'Create User' }).click();
    await expect(add).toBeHidden();
    await expect(toasts(page).getByText('User created')).toBeVisible();
    const row = page.getByRole('listitem', { name: email });
    await expect(row.getByText('Read Only', { exact: true })).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText('Never')).toBeVisible();

    // The same e-mail again: spec 02 §8's 'Failed to create user' with 'Please try again.', not the server's text.
    await page.getByRole('button', { name: 'Add User' }).click();
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('staff-pass');
    await add.getByRole('button', { name: 'Create User' }).click();
    await expect(toasts(page).getByText('Failed to create user')).toBeVisible();
    await expect(toasts(page).getByText('Please try again.')).toBeVisible();
    await expect(toasts(page).getByText('A user with this email already exists in this site.')).toHaveCount(0);
    await add.getByRole('button', { name: 'Cancel' }).click();

    // The new user signs in elsewhere; deactivating ends that session.
    const other = await browser.newContext();
    const login = await other.request.post('/api/auth/login', { data: { email, password: 'staff-pass' } });
    expect(login.status()).toBe(200);
    await row.getByRole('button', { name: `Deactivate ${email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate user?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toasts(page).getByText('User deactivated')).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'staff-pass' } })).status()).toBe(401);

    await row.getByRole('button', { name: `Activate ${email}` }).click();
    await expect(toasts(page).getByText('User activated')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // Manage Site Access: the home site is fixed; granting Demo North lets the user use it.
    await row.getByRole('button', { name: `Manage site access for ${email}` }).click();
    const access = page.getByRole('dialog', { name: 'Manage Site Access' });
    const home = access.getByRole('checkbox', { name: /^Demo Home site/ });
    await expect(home).toBeChecked();
    await expect(home).toBeDisabled();
    const north = access.getByRole('checkbox', { name: 'Demo North' });
    await expect(north).not.toBeChecked();
    await north.check();
    await access.getByRole('button', { name: 'Save Changes' }).click();
    await expect(access).toBeHidden();
    await expect(toasts(page).getByText('Site access updated')).toBeVisible();

    expect((await other.request.post('/api/auth/login', { data: { email, password: 'staff-pass' } })).status()).toBe(200);
    const sites = (await (await other.request.get('/api/sites')).json()) as Array<{ subdomain: string }>;
    expect(sites.map((s) => s.subdomain)).toEqual(['demo', 'demo-north']);

    // Reopened, the dialog shows the saved grant; removing it takes access away at once.
    await row.getByRole('button', { name: `Manage site access for ${email}` }).click();
    await expect(north).toBeChecked();
    await north.uncheck();
    await access.getByRole('button', { name: 'Save Changes' }).click();
    await expect(access).toBeHidden();
    const after = (await (await other.request.get('/api/sites')).json()) as Array<{ subdomain: string }>;
    expect(after.map((s) => s.subdomain)).toEqual(['demo']);
    await other.close();
  });

  test('a failed change shows "Failed to update user" with "Please try again."', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.route('**/toggle-status', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    await page.goto('/user-management');
    await page.getByRole('button', { name: `Deactivate ${DEMO.viewer}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(toasts(page).getByText('Failed to update user')).toBeVisible();
    await expect(toasts(page).getByText('Please try again.')).toBeVisible();
    expect(
      (await (await page.request.get('/api/auth/site-users')).json()).find((u: { email: string }) => u.email === DEMO.viewer).isActive,
    ).toBe(true);
  });
});

test.describe('accessibility', () => {
  const scan = async (page: Page) => {
    expect(await axeViolations(page)).toEqual([]);
  };

  test('the signed-out account screens have no axe violations', async ({ page }) => {
    for (const path of ['/register', '/forgot-password', '/reset-password', '/reset-password?token=x']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await scan(page);
    }
  });

  test('user management and its dialogs have no axe violations', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/user-management');
    await expect(page.getByRole('listitem', { name: DEMO.user })).toBeVisible();
    await scan(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    await scan(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Manage site access for ${DEMO.user}` }).click();
    await expect(page.getByRole('checkbox', { name: 'Demo North' })).toBeVisible();
    await scan(page);
  });
});
