import type { Page } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import type { TEmployee } from '../../src/shared/contracts/employees';
import { DEMO, expect, signIn } from './fixtures';
import { cell, fixtureTest as test } from './exceptions-notes.helpers';

/** Issue 9 items 16, 17 and 21: phones read the calendar, long names fit, pills keep their colour. */
test.beforeEach(async ({ page }) => signIn(page, DEMO.admin));

const agendaDay = (page: Page, date: string) => page.getByTestId('narrow-agenda').locator(`[data-agenda-day="${date}"]`);
const longDate = (date: string) => format(parseISO(date), 'EEEE, d MMMM yyyy');

test.describe('phones (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the week is written out under the grid: employee, type and hours, weekends labelled', async ({ page, f }, info) => {
    const week = await f.week(126);
    await f.addException({ reasonId: f.leave.id, startDate: week[1], endDate: week[1] });
    await f.addException({ reasonId: f.extra.id, startDate: week[2], endDate: week[2], isFullDay: false, hours: 2.5 });
    await page.goto(`/?view=week&date=${week[0]}`);
    await expect(page.getByTestId('narrow-agenda').locator('[data-agenda-day]')).toHaveCount(7);
    await expect(agendaDay(page, week[1]).getByRole('heading')).toHaveText(longDate(week[1]));
    await expect(agendaDay(page, week[1])).toContainText(`${f.prefix} — ${f.leave.name} · full day`);
    await expect(agendaDay(page, week[2])).toContainText(`${f.prefix} — ${f.extra.name} · 2.5h`);
    await expect(agendaDay(page, week[5])).toContainText('Weekend');
    await expect(agendaDay(page, week[6])).toContainText('Weekend');
    await info.attach('week-390', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    // An item opens like a pill: the writer edits the exception.
    await agendaDay(page, week[1])
      .getByRole('button', { name: new RegExp(f.leave.name) })
      .click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Edit Exception' })).toBeVisible();
  });

  test('in the month a tap selects the day and lists its week; holidays keep their names', async ({ page }, info) => {
    const year = new Date().getFullYear();
    const christmas = `${year}-12-25`;
    await page.goto(`/?view=month&date=${year}-12-01`);
    await cell(page, christmas).click();
    await expect(page).toHaveURL(/view=month/);
    await expect(agendaDay(page, christmas)).toContainText('Holiday: Christmas Day');
    await info.attach('month-390', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    await agendaDay(page, christmas)
      .getByRole('button', { name: longDate(christmas) })
      .click();
    await expect(page).toHaveURL(new RegExp(`view=day&date=${christmas}`));
  });
});

test('wide screens show pills in the grid and no list under it', async ({ page }) => {
  await page.goto('/?view=week');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByTestId('narrow-agenda')).toHaveCount(0);
});

/** The alpha of a computed CSS colour: rgba(r, g, b, a), color(srgb r g b / a), or 1 when none is written. */
const alphaOf = (css: string) => {
  const m = /(?:\/\s*|,\s*)([\d.]+)\)$/.exec(css);
  return m && (css.startsWith('rgba') || css.includes('/')) ? Number(m[1]) : 1;
};

const LONG = 'Maximiliana Alexandrina Konstantinopoulos-Wellington-Smythes de la Fuente y Rodriguez';

for (const width of [1280, 390]) {
  test(`an 85-character name wraps in Employee Management at ${width} px, Actions stay in view`, async ({ page, f }, info) => {
    await page.setViewportSize({ width, height: 900 });
    expect(LONG).toHaveLength(85);
    const res = await f.api.post('/api/employees', {
      data: { ...f.employee, id: undefined, sortOrder: undefined, defaultHours: undefined, name: LONG },
    });
    expect(res.status(), await res.text()).toBe(201);
    const created = (await res.json()) as TEmployee;
    try {
      await page.goto('/employees');
      const row = page.getByTestId('employee-row').filter({ hasText: LONG });
      const name = row.getByRole('cell').first();
      await expect(name).toHaveAttribute('title', LONG);
      // Both boxes from one layout: the lazy Leave left column (decision 095) may arrive between two reads and
      // move every column, which made the name's edge and Efficiency's come from different layouts.
      const [nameBox, efficiencyBox] = await row.evaluate((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(0, 2)
          .map((td) => {
            const r = td.getBoundingClientRect();
            return { x: r.x, width: r.width, height: r.height };
          }),
      );
      // The name wraps onto more lines instead of widening its column or covering Efficiency.
      expect(nameBox.height).toBeGreaterThan(30);
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(efficiencyBox.x + 1);
      if (width === 1280) {
        const del = (await row.getByRole('button', { name: `Delete ${LONG}` }).boundingBox())!;
        expect(del.x + del.width).toBeLessThanOrEqual(1280);
      }
      await info.attach(`employees-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    } finally {
      await f.api.delete(`/api/employees/${created.id}`);
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`a type keeps its colour on an awaiting (yellow) day, ${theme} theme`, async ({ page, f }, info) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const training = f.reasons.find((r) => r.name === 'Training') ?? f.leave;
    const week = await f.week(133);
    const [mon, tue] = week;
    await f.addException({ reasonId: training.id, startDate: mon, endDate: tue });
    // Monday authorised (plain), Tuesday still awaiting authorisation (yellow).
    expect((await f.api.post('/api/day-changes/authorise', { data: { date: mon } })).ok()).toBeTruthy();
    await page.goto(`/?view=week&date=${mon}`);
    await expect(cell(page, tue)).toHaveAttribute('data-awaiting-auth', 'true');
    await expect(cell(page, mon)).not.toHaveAttribute('data-awaiting-auth', 'true');
    const background = (date: string) =>
      cell(page, date)
        .locator('[data-pill]')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const dayBackground = (date: string) => cell(page, date).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await dayBackground(tue)).not.toBe(await dayBackground(mon));
    // Opaque, so the day's yellow cannot show through and shift the type's colour; then equal on both days.
    const pill = await background(tue);
    expect(alphaOf(pill), pill).toBe(1);
    expect(pill).toBe(await background(mon));
    await info.attach(`pills-${theme}`, { body: await page.getByRole('grid').screenshot(), contentType: 'image/png' });
  });
}
