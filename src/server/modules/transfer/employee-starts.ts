import { ZDay } from '../../../shared/contracts/common';
import { transferMessages } from '../../../shared/contracts/transfer';

/**
 * The Start date column of the employee import (decision 107). A new employee's first contract starts on it:
 * empty or absent, the day of the import; today or later, that day. A date before today is refused on its row,
 * for admins too: it would change past days' hours, which Employee Management shows and has an admin confirm
 * one person at a time, and an import is a bulk change with no such step. An existing employee's start date is
 * never changed by a file (a different date is refused on its row), so exporting and importing again is safe.
 */

/** The start a row gives: the date for a new employee, or an error; `undefined` leaves it to the default. */
export function readStart(
  cell: string | undefined,
  target: { startDate?: string | null } | undefined,
  today: string,
): { start?: string; error?: string } {
  if (cell === undefined || cell === '') return {};
  const parsed = ZDay.safeParse(cell);
  if (!parsed.success) return { error: transferMessages.startNotADate(cell) };
  const date = parsed.data;
  if (target) return date === target.startDate ? {} : { error: transferMessages.startChange };
  return date < today ? { error: transferMessages.pastStart(date) } : { start: date };
}
