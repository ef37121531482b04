import { stringify } from 'csv-stringify/sync';
import { CAPACITY_CSV_COLUMNS, type TForecast } from '../../../shared/contracts/coverage-forecast';

/** The forecast as a spreadsheet reads it: one row per site and day, UTF-8 with a BOM, formula-like names quoted. */

const BOM = '\uFEFF';
const safe = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export function capacityCsv(f: TForecast): string {
  const rows: Array<Array<string | number>> = [];
  for (const s of f.sites) {
    f.dates.forEach((date, i) => {
      const required = s.requiredHours[i];
      rows.push([
        safe(s.name),
        date,
        s.availableHours[i],
        required === null ? '' : required,
        s.defaultHours[i],
        s.ifApprovedHours[i],
        s.shortHours[i],
        safe(s.holiday[i] ?? ''),
      ]);
    });
  }
  return BOM + stringify([[...CAPACITY_CSV_COLUMNS], ...rows], { record_delimiter: '\r\n' });
}
