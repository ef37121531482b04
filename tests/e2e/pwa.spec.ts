import { DEMO, expect, signIn, test } from './fixtures';

/**
 * The installable app (decision 093): a manifest Chromium accepts, and a service worker that keeps the app
 * shell and never an /api reply. Workers are blocked in every other spec (playwright.config.ts).
 */

test.use({ serviceWorkers: 'allow' });

test('Chromium finds nothing missing to install the app', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(errors).toEqual([]);
});

test('the manifest, icons and worker are served as an installable app needs them', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(body).toMatchObject({ name: 'Hoursight', display: 'standalone', start_url: '/' });
  expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of body.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  // A new build's worker must reach the browser at once: never kept by a cache.
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
});

test('the worker keeps the app shell and no reply of the API', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Once the worker controls the page, its fetches (chunks, the calendar's read) pass through it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/time-off');
  await expect(page.getByRole('heading', { name: 'My time off' })).toBeVisible();
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return { names, urls };
  });
  expect(kept.names).toHaveLength(1);
  expect(kept.names[0]).toMatch(/^hoursight-shell-[0-9a-f]{12}$/);
  expect(kept.urls).toContain('/');
  expect(kept.urls).toContain('/manifest.webmanifest');
  expect(kept.urls.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(kept.urls.filter((u) => !u.startsWith('/assets/') && !u.startsWith('/icons/')).sort()).toEqual([
    '/',
    '/boot.js',
    '/manifest.webmanifest',
  ]);
});
