import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';

test('signs in with the demo admin, sees the shell, and logs out', async ({ page }) => {
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO.admin);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText('Administrator')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.user);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

/** Decision 050: the signed-out pages are shown without react-router and hand over to the full app. */
test.describe('the signed-out pages’ own start', () => {
  test('signing in draws the calendar with the sign-in reply: no second session check, one calendar read', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path + (new URL(r.url()).searchParams.get('shell') ? '?shell' : ''));
    });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    expect(asked).not.toContain('/api/auth/me');
    expect(asked.filter((a) => a === '/api/calendar?shell')).toHaveLength(1);
  });

  test('a signed-in visitor to a signed-out page goes on to the calendar', async ({ page }) => {
    const res = await page.request.post('/api/auth/login', { data: { email: DEMO.user, password: DEMO_PASSWORD } });
    expect(res.ok()).toBeTruthy();
    for (const path of ['/login', '/register', '/forgot-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('grid')).toBeVisible();
    }
  });

  test('its links are real links: a plain click stays in the page, ctrl-click opens a new tab', async ({ page, context }) => {
    await page.goto('/login');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: 'Register your company' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Register your company' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Forgot password?' }).click({ modifiers: ['Control'] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/forgot-password$/);
    await expect(tab.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a sign-in page that fails to load shows the route error, not a stack trace', async ({ page }) => {
    await page.route(/\/assets\/LoginPage-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Your saved data is safe');
    await expect(page.getByRole('link', { name: 'Back to Calendar' })).toHaveAttribute('href', '/');
  });
});

test('Back from the calendar into the sign-in pages’ entries still lets a typed dialog ask before leaving', async ({ page }) => {
  // The entries the signed-out pages wrote before the sign-in carry react-router's positions.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register your company' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(DEMO.user);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  // Back lands on the register page's entry, which sends a signed-in visitor on to the calendar.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('grid')).toBeVisible();

  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Day' }).click();
  await expect(page).toHaveURL(/view=day/);
  await page.getByRole('button', { name: 'Add Exception' }).click();
  await page.getByRole('dialog', { name: 'Select Exception Range' }).getByLabel('Notes').fill('Half a thought');
  await page.goBack();
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/view=day/);
});
