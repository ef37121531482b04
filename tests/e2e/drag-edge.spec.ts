import type { Page } from '@playwright/test';
import type { TExceptionView, TReason } from '../../src/shared/contracts/calendar';
import type { TEmployee } from '../../src/shared/contracts/employees';
import { expect, newBusiness, test } from './fixtures';

// A month of a business of its own (no holidays): March 2030 starts on a Friday; Monday 4 March is in its second row.
const FROM = '2030-03-05';
const WEEK = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };

/** The day under the pointer when the button is let go, read by the page itself at that moment. */
async function recordDayAtRelease(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener(
      'pointerup',
      (e) => {
        const cell = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.matches('[role="gridcell"][data-date]'));
        (window as unknown as { dayAtRelease: string }).dayAtRelease = cell?.getAttribute('data-date') ?? 'none';
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { dayAtRelease?: string }).dayAtRelease);
}

test('a pill dragged to the window’s bottom edge, while the page scrolls under it, lands on the day under the pointer (decision 115)', async ({
  page,
}) => {
  await newBusiness(page, 'Edge Ltd', 'edge');
  const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as TReason[];
  const leave = reasons.find((r) => !r.isAdditive)!;
  const made = await page.request.post('/api/employees', { data: { name: 'Eddie Edge', efficiency: 100, ...WEEK } });
  const employee = (await made.json()) as TEmployee;
  const added = await page.request.post('/api/exceptions', {
    data: { employeeId: employee.id, reasonId: leave.id, startDate: FROM, endDate: FROM, isFullDay: true },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: number };

  // A short window: the month is taller than it, so the page scrolls while the pointer rests near the bottom edge.
  await page.setViewportSize({ width: 1280, height: 560 });
  const dayAtRelease = await recordDayAtRelease(page);
  await page.goto(`/?view=month&date=${FROM}`);
  const pill = page.locator(`[role="gridcell"][data-date="${FROM}"] [data-pill]`).first();
  await expect(pill).toBeVisible();
  const box = (await pill.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // Thursday’s column, inside the band near the bottom edge where the page scrolls by itself, slowly.
  const thursday = (await page.locator('[role="gridcell"][data-date="2030-03-07"]').boundingBox())!;
  const end = { x: thursday.x + thursday.width / 2, y: 560 - 95 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 12 });
  // The page scrolls under the resting pointer once the drag has begun: awaited, not timed (a busy machine is slow).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.mouse.up();

  const landed = await dayAtRelease();
  expect(landed).toMatch(/^2030-0[34]-\d\d$/);
  await expect(page.getByRole('status').filter({ hasText: /was dropped on/ })).toBeAttached();
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/exceptions?startDate=2030-02-20&endDate=2030-04-20')).json()) as TExceptionView[];
      return list.find((e) => e.id === id)?.startDate;
    })
    .toBe(landed);
});
