import type { Browser, BrowserContext, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { DEMO, expect, signIn, test } from './fixtures';

/**
 * WCAG 2.1 A/AA scans (axe) of every screen and every dialog, in both themes, at 1280 and 390 px: zero
 * violations allowed (issue 19, decision 043). Each theme and width is its own spec file (a11y-*.spec.ts),
 * so the workers share the 118 scans instead of one worker running them all while the others run the rest.
 */

/** The screen has drawn: its heading shows and nothing is loading. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/**
 * The screen at `path`, settled, with nothing open over it. The page the screen's own test (or the previous
 * dialog's) left is used as it is when it shows that path and no dialog or menu; anything else, such as a
 * worker restarted after a failure, loads it afresh. Saves one page load per dialog: 58 over the four files.
 */
async function onScreen(page: Page, path: string) {
  const url = new URL(page.url());
  const overlays = page.getByRole('dialog').or(page.getByRole('alertdialog')).or(page.getByRole('menu'));
  if (url.pathname + url.search !== path || (await overlays.count()) > 0) await page.goto(path);
  await settled(page);
}

const SIGNED_OUT = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  // An invitation's wording of the same page (decision 091).
  '/reset-password?token=not-a-real-token&invite=1',
  '/admin',
];
const SIGNED_IN = [
  '/',
  '/?view=week',
  '/?view=day',
  '/employees',
  '/employees/1?year=2026',
  '/exception-types',
  '/reports',
  '/settings',
  '/user-management',
  '/subscription',
  '/time-off',
  '/requests',
  '/capacity',
  '/nowhere',
];

type Opener = (page: Page) => Promise<void>;
const click =
  (name: string): Opener =>
  (page) =>
    page.getByRole('button', { name, exact: true }).first().click();

/** Each dialog (or menu) as a user opens it: the screen, then the step that opens it. */
const DIALOGS: Array<{ name: string; path: string; open: Opener; role?: 'dialog' | 'alertdialog' | 'menu' }> = [
  { name: 'Add Exception', path: '/?view=day', open: click('Add Exception') },
  { name: 'Add Note', path: '/?view=day', open: click('Add Note') },
  {
    name: 'Keyboard shortcuts',
    path: '/?view=week',
    open: async (page) => {
      await page.getByRole('button', { name: 'Today' }).focus();
      await page.keyboard.press('?');
    },
  },
  { name: 'Report a bug', path: '/employees', open: click('Report a bug') },
  { name: 'Add Employee', path: '/employees', open: click('Add Employee') },
  { name: 'Teams', path: '/employees', open: click('Manage Teams') },
  {
    name: 'Delete Employee',
    path: '/employees',
    role: 'alertdialog',
    open: async (page) =>
      page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click(),
  },
  { name: 'Add Exception Type', path: '/exception-types', open: click('Add Exception Type') },
  { name: 'Generate Report', path: '/reports', open: click('Generate Report') },
  { name: 'Add Site/Team', path: '/settings', open: click('Add Site/Team') },
  { name: 'Import Holidays', path: '/settings', open: click('Import Holidays') },
  { name: 'Add Notification', path: '/settings', open: click('Add Notification') },
  { name: 'Add User', path: '/user-management', open: click('Add User') },
  {
    name: 'Edit User',
    path: '/user-management',
    open: async (page) =>
      page
        .getByRole('button', { name: /^Edit / })
        .last()
        .click(),
  },
  {
    name: 'Invite to sign in',
    path: '/employees',
    open: async (page) =>
      page
        .getByRole('button', { name: /^Invite / })
        .first()
        .click(),
  },
  { name: 'User menu', path: '/employees', role: 'menu', open: click('User menu') },
  {
    name: 'Site switcher',
    path: '/employees',
    role: 'menu',
    open: async (page) => page.getByRole('button', { name: /^Current site: / }).click(),
  },
];

/**
 * One browser context per theme, width and sign-in, kept for the tests that share them (they run in order in
 * one worker): each test still loads its screen afresh, but with the context's caches warm and without a new
 * context and sign-in each time. That halved the cost of these 118 scans, half of the e2e suite, on the
 * 2-core machine. A worker that restarts after a failure builds its own.
 */
const contexts = new Map<string, Promise<BrowserContext>>();
const contextKey = (theme: string, width: number, signedIn: boolean) => `${theme} ${width} ${signedIn}`;
async function sharedPage(browser: Browser, baseURL: string, theme: string, width: number, signedIn: boolean): Promise<Page> {
  const key = contextKey(theme, width, signedIn);
  let made = contexts.get(key);
  if (!made) {
    made = (async () => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      await context.addInitScript((t) => {
        localStorage.setItem('theme', t);
        // Colours are measured at rest: a control's colour transition (hovered as a dialog opens) ends at once.
        document.addEventListener('DOMContentLoaded', () => {
          const still = document.createElement('style');
          still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
          document.head.append(still);
        });
      }, theme);
      const page = await context.newPage();
      // A screen left with unsaved work asks before the next test's navigation: leave it.
      page.on('dialog', (d) => void d.accept());
      if (signedIn) await signIn(page, DEMO.admin);
      return context;
    })();
    contexts.set(key, made);
  }
  return (await made).pages()[0];
}

/** Every screen, dialog and menu scanned in one theme at one width. */
export function scanEveryScreen(theme: 'light' | 'dark', width: 1280 | 390): void {
  test.afterAll(async () => {
    for (const signedIn of [false, true]) {
      const key = contextKey(theme, width, signedIn);
      await (await contexts.get(key))?.close();
      contexts.delete(key);
    }
  });

  test.describe(`axe, ${theme} theme, ${width} px`, () => {
    test.beforeEach(() => {
      // A full axe scan takes seconds on a busy machine.
      test.setTimeout(60_000);
    });
    const signedOut = ({ browser, baseURL }: { browser: Browser; baseURL?: string }) => sharedPage(browser, baseURL!, theme, width, false);
    const signedIn = ({ browser, baseURL }: { browser: Browser; baseURL?: string }) => sharedPage(browser, baseURL!, theme, width, true);

    for (const path of SIGNED_OUT) {
      test(`${path} has no violations`, async ({ browser, baseURL }) => {
        const page = await signedOut({ browser, baseURL });
        await page.goto(path);
        await settled(page);
        expect(await axeViolations(page), path).toEqual([]);
      });
    }

    /** Opens `d`, scans it, and closes it with Escape (which every dialog and menu must honour) so the next dialog starts from the bare screen. */
    const scanDialog = (d: (typeof DIALOGS)[number]) =>
      test(`the ${d.name} ${d.role === 'menu' ? 'menu' : 'dialog'} has no violations`, async ({ browser, baseURL }) => {
        const page = await signedIn({ browser, baseURL });
        await onScreen(page, d.path);
        await d.open(page);
        const opened = page.getByRole(d.role ?? 'dialog').first();
        await expect(opened).toBeVisible();
        expect(await axeViolations(page), d.name).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(opened).toBeHidden();
      });

    // Each screen, then the dialogs opened from it: they start from the screen its own test just loaded.
    for (const path of SIGNED_IN) {
      test(`${path} (signed in) has no violations`, async ({ browser, baseURL }) => {
        const page = await signedIn({ browser, baseURL });
        await page.goto(path);
        await settled(page);
        expect(await axeViolations(page), path).toEqual([]);
      });
      for (const d of DIALOGS.filter((dialog) => dialog.path === path)) scanDialog(d);

      if (width === 390 && path === '/') {
        test('the side panel drawer has no violations', async ({ browser, baseURL }) => {
          const page = await signedIn({ browser, baseURL });
          await onScreen(page, '/');
          await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();
          const drawer = page.getByRole('dialog', { name: 'Employees & Exceptions' });
          await expect(drawer).toBeVisible();
          expect(await axeViolations(page)).toEqual([]);
          await page.keyboard.press('Escape');
          await expect(drawer).toBeHidden();
        });
      }
    }
  });
}
