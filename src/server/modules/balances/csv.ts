import { stringify } from 'csv-stringify/sync';
import { BALANCE_CSV_COLUMNS, type TBalances } from '../../../shared/contracts/balances';

/** The balances as a spreadsheet reads them: UTF-8 with a BOM, names a spreadsheet would run as formulas quoted. */

const BOM = '\uFEFF';
const safe = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const FIGURES = ['entitlement', 'accrued', 'carriedOver', 'expired', 'taken', 'booked', 'pending', 'adjustments', 'remaining'] as const;
const DAY_COLUMNS = [
  'Day Hours',
  ...BALANCE_CSV_COLUMNS.filter((c) => !c.startsWith('Employee') && c !== 'Carry-over Expires').map((c) => `${c} (days)`),
];

export function balancesCsv(b: TBalances): string {
  const days = b.unit === 'days';
  const header = [...BALANCE_CSV_COLUMNS, ...(days ? DAY_COLUMNS : [])];
  const rows = b.rows.map((r) => [
    r.employeeId,
    safe(r.employeeName),
    r.entitlement,
    r.accrued,
    r.carriedOver,
    r.carryOverExpiresOn ?? '',
    r.expired,
    r.taken,
    r.booked,
    r.pending,
    r.adjustments,
    r.remaining,
    ...(days && r.days ? [r.days.dayHours, ...FIGURES.map((f) => r.days![f])] : days ? Array<string>(10).fill('') : []),
  ]);
  return BOM + stringify([header, ...rows], { record_delimiter: '\r\n' });
}
