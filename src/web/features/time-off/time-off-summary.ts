/**
 * What My time off opens with (decision 113): the balance of the leave year in the policy's unit, what is booked
 * and waiting, in words. Pure: the numbers are the server's balance engine's (`GET /api/balances`), never counted
 * here.
 */
import type { TBalanceRow } from '../../../shared/contracts/balances';
import { formatDayRange, formatDays, formatHours } from '../../../shared/format';

export interface SummaryText {
  /** "14.5 days left", "116.0 h left", or "2 days over your allowance". */
  headline: string;
  /** Hours beneath a days headline ("116.0 h"); null for an hours policy. */
  hoursBeneath: string | null;
  /** True when the balance is below zero: the headline says so in words, the screen adds an icon. */
  over: boolean;
  /** "Booked": approved time off, taken and still to come. */
  booked: string;
  /** "Waiting for approval". */
  pending: string;
  /** "Leave year 1 Jan – 31 Dec 2027". */
  year: string;
}

type Unit = 'hours' | 'days';

/** "1 day (8.0 h)" for a days policy, "8.0 h" for an hours policy. */
function amount(unit: Unit, hours: number, days: number | null): string {
  return unit === 'days' && days !== null ? `${formatDays(days)} (${formatHours(hours)})` : formatHours(hours);
}

export function summaryText(unit: Unit, row: TBalanceRow, yearStart: string, yearEnd: string): SummaryText {
  const inDays = unit === 'days' && row.days !== null;
  const left = inDays ? row.days!.remaining : row.remaining;
  const over = Math.round(left * 10) < 0;
  const measure = (n: number) => (inDays ? formatDays(n) : formatHours(n));
  return {
    headline: over ? `${measure(-left)} over your allowance` : `${measure(left)} left`,
    hoursBeneath: inDays ? formatHours(row.remaining) : null,
    over,
    booked: amount(unit, row.taken + row.booked, inDays ? row.days!.taken + row.days!.booked : null),
    pending: amount(unit, row.pending, inDays ? row.days!.pending : null),
    year: `Leave year ${formatDayRange(yearStart, yearEnd, { weekday: false })}`,
  };
}
