import { expect, type Locator } from '@playwright/test';

/** The searchable Employee field of a dialog (decision 115). */
export const employeeBox = (scope: Locator) => scope.getByRole('combobox', { name: 'Employee' });

/** Chooses an employee in a dialog's Employee combobox: types the name and clicks its option. */
export async function chooseEmployee(scope: Locator, name: string) {
  const box = employeeBox(scope);
  await box.fill(name);
  await scope.getByRole('option', { name, exact: true }).click();
  await expect(box).toHaveValue(name);
}
