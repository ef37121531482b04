import type { TBalanceRow } from '../../../shared/contracts/balances';
import { hoursText, signedHours } from './format';
import type { BalancesSiteSection } from './types';

/**
 * The Balances report's one table (decision 095), shared by the HTML, the PDF and the mail so they read alike:
 * per employee the figures of `GET /api/balances`, hours to one decimal, days beside the remaining for a days policy.
 */

export const BALANCE_HEADERS = [
  'Employee',
  'Entitlement',
  'Accrued',
  'Carried over',
  'Expired',
  'Taken',
  'Booked',
  'Pending',
  'Adjustments',
  'Remaining',
];

export function balanceCells(r: TBalanceRow): string[] {
  const remaining = `${hoursText(r.remaining)}${r.days ? ` (${r.days.remaining.toFixed(1)} d)` : ''}${r.remaining < 0 ? ' over' : ''}`;
  return [
    r.employeeName,
    hoursText(r.entitlement),
    hoursText(r.accrued),
    hoursText(r.carriedOver),
    hoursText(r.expired),
    hoursText(r.taken),
    hoursText(r.booked),
    hoursText(r.pending),
    signedHours(r.adjustments),
    remaining,
  ];
}

/** The line under a site's heading: its leave year, or why it has no figures. */
export function balanceSiteNote(s: BalancesSiteSection): string {
  const b = s.balances;
  if (!b) return 'No allowance policy: no balances are counted on this site.';
  const unit = b.unit === 'days' ? 'in hours, with days for the remaining' : 'in hours';
  const expires = b.rows.find((r) => r.carryOverExpiresOn)?.carryOverExpiresOn;
  return `Leave year ${b.year}: ${b.yearStart} to ${b.yearEnd}, ${unit}${expires ? `; carried hours usable until ${expires}` : ''}. Balances as of today; pending is not deducted.`;
}
