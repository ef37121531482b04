// Dev aid: signs in to a running app and saves a screenshot, printing console errors and horizontal overflow.
// node scripts/screenshot.mjs /path out.png [width] [height] [light|dark] [email]   (BASE=http://localhost:PORT)
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3414';
const [, , path = '/', out = '/tmp/shots/x.png', w = '1280', h = '800', theme = 'light', email = 'admin@demo.example'] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const ctx = await browser.newContext({ viewport: { width: +w, height: +h } });
const page = await ctx.newPage();
await page.request.post(base + '/api/auth/login', { data: { email, password: 'hoursight-demo' } });
await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(base + path);
await page.waitForTimeout(1200);
await page.screenshot({ path: out, fullPage: false });
const sw = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
console.log(out, 'scrollWidth/innerWidth', sw);
await browser.close();
