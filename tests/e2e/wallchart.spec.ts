import { axeViolations } from './axe';
import { DEMO, expect, signIn, test } from './fixtures';

interface Named {
  id: number;
  name: string;
}

test.describe('Wallchart', () => {
  let made: number | null = null;
  test.afterEach(async ({ page }) => {
    if (made !== null) await page.request.delete(`/api/exceptions/${made}`);
    made = null;
  });

  test('shows an absence as a labelled bar in its row, collapses teams and is keyboard operable', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.admin);
    const employees = (await (await page.request.get('/api/employees')).json()) as Array<Named & { teamId: number | null }>;
    const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as Array<Named & { isAdditive: boolean }>;
    const teams = (await (await page.request.get('/api/teams')).json()) as Named[];
    const teamless = employees.find((e) => e.teamId === null)!;
    const leave = reasons.find((r) => !r.isAdditive)!;
    // A month far from the demo's generated data, so this absence is the only bar on its days.
    const res = await page.request.post('/api/exceptions', {
      data: { employeeId: teamless.id, reasonId: leave.id, startDate: '2031-03-04', endDate: '2031-03-06', isFullDay: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    made = ((await res.json()) as { id: number }).id;

    await page.goto('/?view=wallchart&date=2031-03-01');
    const grid = page.getByRole('grid', { name: 'Wallchart, March 2031' });
    await expect(grid).toBeVisible();
    await expect(page.getByRole('button', { name: 'Wallchart', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // The bar sits in the employee's row, under "No team", with the type's name as text.
    const row = grid.locator(`[data-employee="${teamless.name}"]`);
    await expect(row.locator('[data-bar]')).toHaveText(leave.name);
    await expect(row.getByRole('gridcell', { name: `${teamless.name}, Wednesday 5 March 2031, ${leave.name}` })).toBeVisible();
    await expect(grid.getByRole('button', { name: /^No team/ })).toBeVisible();

    // A team header collapses its rows and expands them again.
    const first = teams[0];
    const member = employees.find((e) => e.teamId === first.id)!;
    const header = grid.getByRole('button', { name: new RegExp(`^${first.name} \\(`) });
    await expect(grid.locator(`[data-employee="${member.name}"]`)).toBeVisible();
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(grid.locator(`[data-employee="${member.name}"]`)).toHaveCount(0);
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');

    // One tab stop: the header row first; down to the first employee, right twice, Enter adds an exception there.
    await grid.locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(':focus')).toHaveAttribute('data-date', '2031-03-03');
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Select Exception Range' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Employee')).toHaveValue(String(member.id));
    await expect(dialog.getByRole('gridcell', { name: 'Monday 3 March 2031' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator(':focus')).toHaveAttribute('data-date', '2031-03-03');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe violations, ${theme} theme`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(page, DEMO.admin);
      await page.goto('/?view=wallchart');
      await expect(page.getByRole('grid', { name: /^Wallchart/ })).toBeVisible();
      await expect(page.getByRole('grid').locator('[data-bar]').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
