import type { Page } from '@playwright/test';
import { DEMO, expect, signIn } from './fixtures';
import { cell, centre, dialog, edge, fixtureTest as test, openWeek, pillOf, span, toast } from './exceptions-notes.helpers';

/**
 * Decision 051: dnd-kit is not in the calendar's arrival bundle; it loads when idle or on first intent.
 * Here its chunk is held back until the press or the keys have happened, so the very first drag after
 * the page load starts before the code is there; it must work as any other drag once it arrives.
 */

/** Holds every request for the drag code's chunk until `release()`; `asked` settles once it was requested. */
async function holdDragCode(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/DragLayer-[\w-]+\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  const arrived = page.waitForResponse(/\/assets\/DragLayer-[\w-]+\.js$/);
  return { asked, release, arrived };
}

const preview = (page: Page) => page.getByTestId('drag-preview');
const announced = (page: Page, text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();

test.beforeEach(async ({ page }) => signIn(page, DEMO.admin));

test('mouse: a pill pressed and dragged before the drag code arrived moves once it has', async ({ page, f }) => {
  const week = await f.week(154);
  const [mon, tue, wed, thu] = week;
  await f.addException({ reasonId: f.leave.id, startDate: tue, endDate: wed });
  const hold = await holdDragCode(page);
  await openWeek(page, mon);

  // Press on Wednesday's pill and travel past the activation distance while the code is held back.
  const from = await centre(pillOf(page, wed, f.prefix));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 3 });
  await hold.asked;
  await expect(preview(page)).toHaveCount(0);

  hold.release();
  await hold.arrived;
  // The press is replayed: the drag is under way without a new press.
  await expect(preview(page)).toBeVisible();
  const to = await centre(cell(page, thu));
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await toast(page, 'Exception rescheduled');
  await expect.poll(async () => span((await f.exceptions(week))[0])).toEqual([wed, thu]);
});

test('mouse: a pill’s end handle pressed before the drag code arrived resizes once it has', async ({ page, f }) => {
  const week = await f.week(182);
  const [mon, tue, wed, thu, fri] = week;
  await f.addException({ reasonId: f.leave.id, startDate: tue, endDate: wed });
  const hold = await holdDragCode(page);
  await openWeek(page, mon);

  const from = await edge(pillOf(page, wed, f.prefix), 'end');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 3 });
  await hold.asked;
  hold.release();
  await hold.arrived;
  await expect(preview(page)).toBeVisible();
  const to = await centre(cell(page, fri));
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await toast(page, 'Exception resized');
  await expect.poll(async () => span((await f.exceptions(week))[0])).toEqual([tue, fri]);
  await expect(pillOf(page, thu, f.prefix)).toHaveText(`${f.prefix} – ${f.leave.name} (continued)`);
});

test('keyboard: pick-up, move and drop typed before the drag code arrived all happen once it has', async ({ page, f }) => {
  const week = await f.week(161);
  const [mon, tue, wed] = week;
  await f.addException({ reasonId: f.leave.id, startDate: tue, endDate: wed });
  const hold = await holdDragCode(page);
  await openWeek(page, mon);

  await pillOf(page, wed, f.prefix).focus();
  await hold.asked;
  for (const key of ['Space', 'ArrowLeft', 'Space']) await page.keyboard.press(key);
  // Held back from the page meanwhile: Space neither opened the pill nor scrolled, nothing was saved.
  await expect(dialog(page)).toHaveCount(0);
  await expect(pillOf(page, wed, f.prefix)).toBeFocused();
  expect(span((await f.exceptions(week))[0])).toEqual([tue, wed]);

  hold.release();
  await hold.arrived;
  await toast(page, 'Exception rescheduled');
  await expect.poll(async () => span((await f.exceptions(week))[0])).toEqual([mon, tue]);
  // Focus follows the pill to the day it was dropped on, as after any keyboard move.
  await expect(pillOf(page, tue, f.prefix)).toBeFocused();
  await announced(page, `exception ${f.prefix} – ${f.leave.name} was dropped on Tuesday `);
});

test('mouse: a note template dragged and let go on a day before the drag code arrived opens its note', async ({ page, f }) => {
  const week = await f.week(168);
  const tue = week[1];
  const hold = await holdDragCode(page);
  await openWeek(page, week[0]);
  await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();

  // The whole drag, press to release, while the code is held back.
  const from = await centre(page.getByRole('list', { name: 'Note templates' }).getByRole('button', { name: 'Green' }));
  const to = await centre(cell(page, tue));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await hold.asked;
  await expect(dialog(page)).toHaveCount(0);

  hold.release();
  await expect(dialog(page).getByRole('heading', { name: 'Add Note' })).toBeVisible();
  await expect(dialog(page).getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog(page).getByTestId('range-summary')).toHaveText(/^Selected range: Tue .+ \(Single day\)$/);
});

test('keyboard: an employee picked up before the drag code arrived is moved and dropped after it has', async ({ page, f }) => {
  const week = await f.week(175);
  const hold = await holdDragCode(page);
  await openWeek(page, week[0]);
  await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();
  const source = page.getByRole('list', { name: 'Employees' }).getByRole('button', { name: f.prefix });
  await cell(page, week[2]).focus();
  await source.focus();
  await hold.asked;
  await page.keyboard.press('Space');
  await expect(preview(page)).toHaveCount(0);

  hold.release();
  await hold.arrived;
  await expect(preview(page)).toBeVisible();
  await announced(page, `Picked up employee ${f.prefix}.`);
  // From the side panel the first arrow lands on the grid's focused day (Wednesday), the next steps a day.
  for (const key of ['ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await expect(cell(page, week[3]).locator('[data-drop-preview]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Select Exception Type' })).toBeVisible();
  await expect(dialog(page)).toContainText(`For ${f.prefix} on Thursday,`);
});
