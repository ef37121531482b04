import { readFileSync } from 'node:fs';
import { axeViolations } from './axe';
import { expect, newBusiness, test } from './fixtures';

/*
 * The Capacity screen (decision 100) on a business of its own: no holidays, weekends off. One employee works
 * 8 h Monday to Friday and the site asks 10 h every weekday, so each weekday is 2.0 h short and a weekend day
 * has no minimum.
 */
const iso = (d: Date) => d.toISOString().slice(0, 10);
function mondayOf(d: Date): Date {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  m.setUTCDate(m.getUTCDate() - ((m.getUTCDay() + 6) % 7));
  return m;
}
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayName = (d: Date) => `Mon ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;

test('Capacity: the chart and table with shortfall days, eight weeks at a time, the CSV, both themes', async ({ page }) => {
  test.slow();
  await newBusiness(page, 'Capacity Works', 'capacity');
  const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };
  const monday = mondayOf(new Date());
  // Employed from this week's Monday, so each of its days counts (a past start is confirmed, decision 107).
  const hired = await page.request.post('/api/employees', {
    data: { name: 'Robin Vale', efficiency: 100, ...week, startDate: iso(monday), confirmPast: true },
  });
  expect(hired.status(), await hired.text()).toBe(201);
  const rules = await page.request.put('/api/coverage-rules', {
    data: {
      weekdays: { monday: 10, tuesday: 10, wednesday: 10, thursday: 10, friday: 10 },
      validFrom: iso(addDays(monday, -7 * 20)),
    },
  });
  expect(rules.status(), await rules.text()).toBe(200);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Capacity' }).click();
  await expect(page.getByRole('heading', { name: 'Capacity', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Capacity Works' });
  await expect(section.getByRole('region', { name: 'Chart of Capacity Works (scrolls sideways)' }).locator('canvas')).toBeVisible();
  await expect(section.getByText(/^40 shortfall days: Mon \d+ \w+ \(short 2\.0 h\)/)).toBeVisible();

  const table = section.getByRole('table', { name: 'Capacity of Capacity Works, by day' });
  const first = table.getByRole('row', { name: new RegExp(`^${dayName(monday)} `) });
  await expect(first.getByRole('cell')).toHaveText(['8.0 h', '10.0 h', '8.0 h', '8.0 h', '▲ Short 2.0 h']);
  const sunday = table.getByRole('row').nth(7);
  await expect(sunday.getByRole('cell')).toHaveText(['0.0 h', '–', '0.0 h', '0.0 h', '']);
  expect(await axeViolations(page)).toEqual([]);

  // Eight weeks on, and back to this week.
  const next = addDays(monday, 56);
  await page.getByRole('button', { name: 'Next 8 weeks' }).click();
  await expect(page).toHaveURL(new RegExp(`/capacity\\?from=${iso(next)}$`));
  await expect(table.getByRole('row', { name: new RegExp(`^${dayName(next)} `) })).toBeVisible();
  await page.getByRole('button', { name: 'Previous 8 weeks' }).click();
  await expect(page).toHaveURL(new RegExp(`/capacity\\?from=${iso(monday)}$`));
  await page.getByRole('button', { name: 'Next 8 weeks' }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(/\/capacity$/);
  await expect(first).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`capacity-${iso(monday)}.csv`);
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe('Site,Date,Available,Required,Default,If approved,Shortfall,Holiday');
  expect(lines[1]).toBe(`Capacity Works,${iso(monday)},8,10,8,8,2,`);
  expect(lines[7]).toBe(`Capacity Works,${iso(addDays(monday, 6))},0,,0,0,0,`);

  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(section.locator('canvas')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('Capacity at 375 px: the chart takes the card’s width and its legend wraps inside it, nothing cut (decision 115)', async ({
  page,
}) => {
  await newBusiness(page, 'Narrow Works', 'narrowcap');
  const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };
  const hired = await page.request.post('/api/employees', { data: { name: 'Nat Narrow', efficiency: 100, ...week } });
  expect(hired.status(), await hired.text()).toBe(201);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/capacity');
  const section = page.getByRole('region', { name: 'Narrow Works', exact: true });
  const chart = section.getByRole('region', { name: 'Chart of Narrow Works (scrolls sideways)' });
  await expect(chart.locator('canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  // The chart does not scroll sideways at 375 px: it is as wide as its card.
  expect(await chart.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  // uPlot's own legend (the values under the pointer) wraps within the card: every label is inside it.
  const card = (await section.boundingBox())!;
  for (const label of await chart.locator('.u-legend .u-label').all()) {
    const box = (await label.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  }
  expect(await axeViolations(page)).toEqual([]);
});
