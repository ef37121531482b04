import { stringify } from 'csv-stringify/sync';
import { BALANCE_CSV_COLUMNS } from '../../../shared/contracts/balances';
import { dayKindLabel, statusLabel } from './format';
import type { Report } from './types';

/**
 * The report as CSV (decision 020): UTF-8 with a BOM so spreadsheets read accents and non-Latin names,
 * one row per exception (summary: per employee) or per site-day (summary: per site-week). Text cells
 * that a spreadsheet would run as a formula are prefixed with an apostrophe.
 */

const BOM = '\uFEFF';
const safe = (s: string | null) => (s === null ? '' : /^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function rows(r: Report): Array<Array<string | number>> {
  if (r.kind === 'balances') {
    // The columns of GET /api/export/balances.csv behind the site and leave year; a site without a policy has no rows.
    return [
      ['Site', 'Leave year', ...BALANCE_CSV_COLUMNS, 'Remaining (days)'],
      ...r.sites.flatMap((s) =>
        (s.balances?.rows ?? []).map((x) => [
          safe(s.name),
          s.balances?.year ?? '',
          x.employeeId,
          safe(x.employeeName),
          x.entitlement,
          x.accrued,
          x.carriedOver,
          x.carryOverExpiresOn ?? '',
          x.expired,
          x.taken,
          x.booked,
          x.pending,
          x.adjustments,
          x.remaining,
          x.days?.remaining ?? '',
        ]),
      ),
    ];
  }
  if (r.kind === 'exceptions') {
    if (r.header.layout === 'summary') {
      return [
        ['Site', 'Employee', 'Exceptions', 'Days away', 'Hours away', 'Extra hours'],
        ...r.sites.flatMap((s) =>
          s.employees.map((e) => [safe(s.name), safe(e.name), e.totals.count, e.totals.daysAway, e.totals.hoursAway, e.totals.hoursExtra]),
        ),
      ];
    }
    return [
      [
        'Site',
        'Employee',
        'Type',
        'Start date',
        'End date',
        'Full day',
        'Hours per day',
        'Days away in range',
        'Hours away in range',
        'Extra hours in range',
        'Notes',
      ],
      ...r.sites.flatMap((s) =>
        s.employees.flatMap((e) =>
          e.exceptions.map((x) => [
            safe(s.name),
            safe(e.name),
            safe(x.reasonName),
            x.startDate,
            x.endDate,
            x.isFullDay ? 'yes' : 'no',
            x.hours ?? '',
            x.daysAway,
            x.hoursAway,
            x.hoursExtra,
            safe(x.notes),
          ]),
        ),
      ),
    ];
  }
  if (r.header.layout === 'summary') {
    return [
      ['Site', 'Week from', 'Week to', 'Available hours', 'Default hours', 'Difference', 'Days awaiting authorisation'],
      ...r.sites.flatMap((s) =>
        s.weeks.map((w) => [safe(s.name), w.startDate, w.endDate, w.availableHours, w.defaultHours, w.difference, w.awaiting]),
      ),
    ];
  }
  return [
    // The hours signed off get their own column, so a spreadsheet can compare them with the current ones.
    // Required and Shortfall (decision 099) come last, so the columns before them keep their places.
    [
      'Site',
      'Date',
      'Day',
      'Available hours',
      'Default hours',
      'Difference',
      'Authorisation',
      'Authorised hours',
      'Required hours',
      'Shortfall',
    ],
    ...r.sites.flatMap((s) =>
      s.days.map((d) => [
        safe(s.name),
        d.date,
        safe(dayKindLabel(d.kind, d.holidayName)),
        d.availableHours,
        d.defaultHours,
        d.difference,
        safe(statusLabel(d.status, d.authorisedBy, d.authorisedAt)),
        d.authorisedHours ?? '',
        d.requiredHours ?? '',
        d.shortHours ?? '',
      ]),
    ),
  ];
}

export const reportCsv = (r: Report): string => BOM + stringify(rows(r), { record_delimiter: 'windows' });
