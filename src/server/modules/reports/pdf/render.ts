import {
  amountText,
  plural,
  dayKindLabel,
  effectText,
  hoursText,
  minimumText,
  signedHours,
  spanText,
  statusLabel,
  timestamp,
  weekdayName,
} from '../format';
import { reportTitle } from '../service';
import { BALANCE_HEADERS, balanceCells, balanceSiteNote } from '../balances';
import type { BalancesReport, ExceptionsReport, HoursReport, Report, TypeTotal } from '../types';
import { PdfWriter, SHY, type Column } from './writer';

/** The report as a vector PDF: title block, then site → employee sections, then notes (decision 019). */

function titleBlock(w: PdfWriter, r: Report) {
  const h = r.header;
  w.line(reportTitle(r), { size: 16, bold: true, gap: 2 });
  w.line(`Business: ${h.businessName}`, { size: 9 });
  w.line(`Sites: ${r.sites.map((s) => s.name).join(', ')}`, { size: 9 });
  w.line(`Date range: ${h.startDate} to ${h.endDate}`, { size: 9 });
  w.line(`Format: ${h.layout === 'summary' ? 'Summary' : 'Detailed'}`, { size: 9 });
  w.line(`Generated: ${timestamp(h.generatedAt)} by ${h.generatedBy}`, { size: 9, gap: 4 });
  w.rule();
}

// Room for a two-line heading and the start of a table with wrapped rows, so a heading is not left alone at a page's foot.
const siteHeading = (w: PdfWriter, text: string) => {
  w.ensure(100);
  w.space(4);
  w.line(text, { size: 13, bold: true });
  w.rule();
};

const TYPE_COLS: Column[] = [
  { header: 'Type', width: 0.4 },
  { header: 'Exceptions', width: 0.15, align: 'right' },
  { header: 'Days away', width: 0.15, align: 'right' },
  { header: 'Hours away', width: 0.15, align: 'right' },
  { header: 'Extra hours', width: 0.15, align: 'right' },
];
const typeRows = (types: TypeTotal[]) =>
  types.map((t) => [t.name, String(t.count), String(t.daysAway), hoursText(t.hoursAway), hoursText(t.hoursExtra)]);

const EXC_COLS: Column[] = [
  { header: 'Type', width: 0.16 },
  { header: 'Dates', width: 0.23 },
  { header: 'Amount', width: 0.13 },
  { header: 'Days', width: 0.06, align: 'right' },
  { header: 'Hours', width: 0.14, align: 'right' },
  { header: 'Notes', width: 0.28 },
];

function exceptionsPdf(w: PdfWriter, r: ExceptionsReport) {
  const t = r.totals;
  w.line(
    `${t.count} exceptions · ${t.daysAway} days away · ${hoursText(t.hoursAway)} hours away · ${hoursText(t.hoursExtra)} extra hours`,
    { size: 10, bold: true, gap: 4 },
  );
  for (const site of r.sites) {
    siteHeading(w, site.name);
    if (site.employees.length === 0) w.line('No exceptions in this range.', { size: 9, color: '#64748b' });
    else if (r.header.layout === 'summary') {
      w.table(
        [{ header: 'Employee', width: 0.4 }, ...TYPE_COLS.slice(1)],
        site.employees.map((e) => [
          e.name,
          String(e.totals.count),
          String(e.totals.daysAway),
          hoursText(e.totals.hoursAway),
          hoursText(e.totals.hoursExtra),
        ]),
        { caption: site.name },
      );
    } else {
      for (const e of site.employees) {
        const rows = e.exceptions.map((x) => [x.reasonName, spanText(x), amountText(x), String(x.daysAway), effectText(x), x.notes ?? '']);
        rows.push(['Total', plural(e.totals.count, 'exception'), '', String(e.totals.daysAway), effectText(e.totals), '']);
        w.table(EXC_COLS, rows, { title: { text: e.name, size: 10.5 }, caption: `${site.name} — ${e.name}`, boldLast: true });
      }
    }
    w.table(
      TYPE_COLS,
      [
        ...typeRows(site.byType),
        [
          'Site total',
          String(site.totals.count),
          String(site.totals.daysAway),
          hoursText(site.totals.hoursAway),
          hoursText(site.totals.hoursExtra),
        ],
      ],
      { title: { text: `${site.name} by type`, size: 10 }, caption: `${site.name} by type`, boldLast: true },
    );
  }
  if (r.sites.length > 1) {
    siteHeading(w, 'All sites by type');
    w.table(
      TYPE_COLS,
      [...typeRows(r.byType), ['Total', String(t.count), String(t.daysAway), hoursText(t.hoursAway), hoursText(t.hoursExtra)]],
      { caption: 'All sites by type', boldLast: true },
    );
  }
  if (r.notes) {
    siteHeading(w, 'Notes');
    if (r.notes.length === 0) w.line('No notes in this range.', { size: 9, color: '#64748b' });
    else
      w.table(
        [
          { header: 'Site', width: 0.17 },
          // Wide enough for a range of two dates on one line.
          { header: 'Dates', width: 0.21 },
          { header: 'Title', width: 0.22 },
          { header: 'Description', width: 0.4 },
        ],
        r.notes.map((n) => [n.siteName, spanText(n), n.title, n.description ?? '']),
        { caption: 'Notes' },
      );
  }
}

function hoursPdf(w: PdfWriter, r: HoursReport) {
  const t = r.totals;
  w.line(
    `${hoursText(t.availableHours)} available hours of ${hoursText(t.defaultHours)} default (${signedHours(t.difference)}) · ${t.workingDays} working days · ${t.awaiting} awaiting authorisation`,
    {
      size: 10,
      bold: true,
      gap: 4,
    },
  );
  for (const site of r.sites) {
    siteHeading(w, `${site.name} (${site.employeeCount} employees)`);
    const s = site.totals;
    const total = ['Total', hoursText(s.availableHours), hoursText(s.defaultHours), signedHours(s.difference)];
    if (r.header.layout === 'summary') {
      w.table(
        [
          { header: 'Week', width: 0.4 },
          { header: 'Available', width: 0.15, align: 'right' },
          { header: 'Default', width: 0.15, align: 'right' },
          { header: 'Difference', width: 0.15, align: 'right' },
          { header: 'Awaiting', width: 0.15, align: 'right' },
        ],
        [
          ...site.weeks.map((x) => [
            spanText(x),
            hoursText(x.availableHours),
            hoursText(x.defaultHours),
            signedHours(x.difference),
            String(x.awaiting),
          ]),
          [...total, String(s.awaiting)],
        ],
        { caption: site.name, boldLast: true },
      );
    } else {
      w.table(
        [
          { header: 'Date', width: 0.14 },
          { header: 'Day', width: 0.17 },
          { header: 'Available', width: 0.09, align: 'right' },
          { header: 'Default', width: 0.09, align: 'right' },
          { header: 'Difference', width: 0.1, align: 'right' },
          { header: 'Authorisation', width: 0.23 },
          { header: 'Required', width: 0.09, align: 'right' },
          { header: 'Shortfall', width: 0.09, align: 'right' },
        ],
        [
          ...site.days.map((d) => [
            `${d.date} ${weekdayName(d.date)}`,
            dayKindLabel(d.kind, d.holidayName),
            hoursText(d.availableHours),
            hoursText(d.defaultHours),
            signedHours(d.difference),
            statusLabel(d.status, d.authorisedBy, d.authorisedAt, d.authorisedHours),
            minimumText(d.requiredHours),
            minimumText(d.shortHours),
          ]),
          [total[0], `${s.workingDays} working days`, ...total.slice(1), `${s.awaiting} awaiting authorisation`, '', ''],
        ],
        { caption: site.name, boldLast: true },
      );
    }
  }
}

/** Where the headers too wide for their column break (decision 116): "Entitle-ment", never "Entitleme-nt". */
const HEADER_BREAKS: Record<string, string> = { Entitlement: `Entitle${SHY}ment`, Adjustments: `Adjust${SHY}ments` };
const BALANCE_COLS: Column[] = BALANCE_HEADERS.map((text, i) => {
  const header = HEADER_BREAKS[text] ?? text;
  return i === 0 ? { header, width: 0.19 } : { header, width: i === 9 ? 0.13 : 0.085, align: 'right' as const };
});

function balancesPdf(w: PdfWriter, r: BalancesReport) {
  for (const site of r.sites) {
    siteHeading(w, site.name);
    w.line(balanceSiteNote(site), { size: 9, gap: 4 });
    if (site.balances && site.balances.rows.length > 0) w.table(BALANCE_COLS, site.balances.rows.map(balanceCells), { caption: site.name });
  }
}

export async function reportPdf(r: Report): Promise<Buffer> {
  const w = await PdfWriter.open({ title: `${reportTitle(r)} ${r.header.startDate} to ${r.header.endDate}`, author: r.header.generatedBy });
  titleBlock(w, r);
  if (r.kind === 'exceptions') exceptionsPdf(w, r);
  else if (r.kind === 'hours') hoursPdf(w, r);
  else balancesPdf(w, r);
  return w.finish();
}
