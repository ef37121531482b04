import type { Page } from '@playwright/test';
import type { TReason } from '../../src/shared/contracts/calendar';
import { axeViolations, WCAG_22_AA } from './axe';
import { employeeBox } from './combobox';
import { expect, newBusiness, test } from './fixtures';

// A Wednesday far ahead, in a business of its own (no holidays): nothing else is on it.
const DAY = '2031-05-14';
const FIRST = [
  'Alex',
  'Sam',
  'Jo',
  'Chris',
  'Pat',
  'Robin',
  'Kim',
  'Lee',
  'Max',
  'Ria',
  'Noor',
  'Tom',
  'Eva',
  'Ivo',
  'Lena',
  'Ada',
  'Ben',
  'Cy',
  'Dee',
  'Eli',
];
const NAMES = [...FIRST.map((n) => `${n} Crowd`), 'Zoë Ångström'];

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Select Exception Range' });
const listbox = (page: Page) => dialog(page).getByRole('listbox', { name: 'Employee' });
const active = async (page: Page) => {
  const id = await employeeBox(dialog(page)).getAttribute('aria-activedescendant');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
};

test('an absence is added by typing three letters of a name, all by keyboard, axe clean at 1400 and 375 px', async ({ page }) => {
  await newBusiness(page, 'Combobox Ltd', 'combo');
  const csv = `Name,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday\n${NAMES.map((n) => `"${n}",8,8,8,8,8,0,0`).join('\n')}\n`;
  const imported = await page.request.post('/api/import/employees', { data: { csv } });
  expect(imported.status(), await imported.text()).toBe(200);
  const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as TReason[];
  const leave = reasons.find((r) => !r.isAdditive)!;

  for (const width of [1400, 375]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 740 });
    await page.goto(`/?view=day&date=${DAY}`);
    await page.getByRole('button', { name: 'Add Exception' }).click();
    const box = employeeBox(dialog(page));
    await box.focus();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveAttribute('aria-autocomplete', 'list');

    // Three letters of "Crowd": every Crowd, in order, the first one active.
    await page.keyboard.type('cro');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(listbox(page).getByRole('option')).toHaveCount(FIRST.length);
    expect(await active(page)).toBe('Alex Crowd');
    await page.keyboard.press('ArrowDown');
    expect(await active(page)).toBe('Sam Crowd');
    await page.keyboard.press('End');
    expect(await active(page)).toBe('Eli Crowd');
    await page.keyboard.press('ArrowDown');
    expect(await active(page)).toBe('Alex Crowd');
    await page.keyboard.press('ArrowUp');
    expect(await active(page)).toBe('Eli Crowd');
    await page.keyboard.press('Home');
    expect(await active(page)).toBe('Alex Crowd');
    // The open list, its options at least 24 px high, passes WCAG 2.2 AA; at 375 px it fits the screen.
    expect(await axeViolations(page, undefined, WCAG_22_AA)).toEqual([]);
    const option = await listbox(page).getByRole('option').first().boundingBox();
    expect(option!.height).toBeGreaterThanOrEqual(24);
    const list = await listbox(page).boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(width);

    // Escape closes the list, not the dialog.
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog(page)).toBeVisible();

    // Nothing matches: said, and nothing is chosen.
    await box.fill('');
    await page.keyboard.type('qqq');
    await expect(dialog(page).getByRole('status').filter({ hasText: 'No employee matches' })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(await axeViolations(page, undefined, WCAG_22_AA)).toEqual([]);

    // Three letters without the accent find Zoë Ångström; Enter takes her and the name stays in the field.
    await box.fill('');
    await page.keyboard.type('ang');
    await expect(listbox(page).getByRole('option')).toHaveText(['Zoë Ångström']);
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('Zoë Ångström');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog(page)).toBeVisible();

    if (width === 375) {
      // The rest by keyboard too: the type, then Create Exception.
      await dialog(page).getByLabel('Exception type').focus();
      await dialog(page)
        .getByLabel('Exception type')
        .selectOption({ label: `${leave.name} (reduces hours)` });
      await dialog(page).getByRole('button', { name: 'Create Exception' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog(page)).toBeHidden();
      await expect(page.getByTestId('day-view').getByText('Zoë Ångström', { exact: false }).first()).toBeVisible();
    } else {
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
    }
  }
});
