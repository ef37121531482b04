import { escapeHtml as esc } from '../../mail/html';
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
} from './format';
import { reportTitle } from './service';
import { BALANCE_HEADERS, balanceCells, balanceSiteNote } from './balances';
import type { BalancesReport, ExceptionsReport, HoursReport, Report, ReportHeader, TypeTotal } from './types';

/**
 * The report as HTML with inline styles only (mail clients drop <style>): the preview's `content`, the
 * PDF call's `htmlContent` and the e-mail body. Every string that came from a user goes through `esc`.
 */

const TABLE = 'width:100%;border-collapse:collapse;margin:0 0 12px;font-size:13px';
const TH = 'text-align:left;border-bottom:2px solid #cbd5e1;padding:4px 6px;background:#f1f5f9';
const TD = 'border-bottom:1px solid #e2e8f0;padding:4px 6px;vertical-align:top';
const NUM = `${TD};text-align:right;white-space:nowrap`;

function table(headers: string[], rows: string[][], numeric: number[] = []): string {
  const head = headers.map((h, i) => `<th style="${TH}${numeric.includes(i) ? ';text-align:right' : ''}">${h}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => `<td style="${numeric.includes(i) ? NUM : TD}">${c}</td>`).join('')}</tr>`).join('');
  return `<table style="${TABLE}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function titleBlock(title: string, h: ReportHeader, siteNames: string[]): string {
  const line = (label: string, value: string) => `<div><strong>${label}:</strong> ${esc(value)}</div>`;
  return (
    `<h1 style="font-size:20px;margin:0 0 6px">${esc(title)}</h1>` +
    `<div style="font-size:13px;color:#334155;margin:0 0 16px">` +
    line('Business', h.businessName) +
    line('Sites', siteNames.join(', ')) +
    line('Date range', `${h.startDate} to ${h.endDate}`) +
    line('Format', h.layout === 'summary' ? 'Summary' : 'Detailed') +
    line('Generated', `${timestamp(h.generatedAt)} by ${h.generatedBy}`) +
    `</div>`
  );
}

const typeRows = (types: TypeTotal[]) =>
  types.map((t) => [esc(t.name), String(t.count), String(t.daysAway), hoursText(t.hoursAway), hoursText(t.hoursExtra)]);
const TYPE_HEAD = ['Type', 'Exceptions', 'Days away', 'Hours away', 'Extra hours'];

function exceptionsHtml(r: ExceptionsReport): string {
  const parts = [
    titleBlock(
      reportTitle(r),
      r.header,
      r.sites.map((s) => s.name),
    ),
  ];
  parts.push(
    `<p style="font-size:14px;margin:0 0 12px"><strong>${r.totals.count}</strong> exceptions · <strong>${r.totals.daysAway}</strong> days away · <strong>${hoursText(r.totals.hoursAway)}</strong> hours away · <strong>${hoursText(r.totals.hoursExtra)}</strong> extra hours</p>`,
  );
  for (const site of r.sites) {
    parts.push(`<h2 style="font-size:17px;margin:18px 0 6px;border-bottom:1px solid #94a3b8">${esc(site.name)}</h2>`);
    if (site.employees.length === 0) {
      parts.push('<p style="font-size:13px;color:#64748b">No exceptions in this range.</p>');
      continue;
    }
    if (r.header.layout === 'summary') {
      parts.push(
        table(
          ['Employee', 'Exceptions', 'Days away', 'Hours away', 'Extra hours'],
          site.employees.map((e) => [
            esc(e.name),
            String(e.totals.count),
            String(e.totals.daysAway),
            hoursText(e.totals.hoursAway),
            hoursText(e.totals.hoursExtra),
          ]),
          [1, 2, 3, 4],
        ),
      );
    } else {
      for (const e of site.employees) {
        parts.push(`<h3 style="font-size:14px;margin:10px 0 4px">${esc(e.name)}</h3>`);
        parts.push(
          table(
            ['Type', 'Dates', 'Amount', 'Days away', 'Hours', 'Notes'],
            e.exceptions.map((x) => [
              esc(x.reasonName),
              esc(spanText(x)),
              amountText(x),
              String(x.daysAway),
              effectText(x),
              esc(x.notes ?? ''),
            ]),
            [3, 4],
          ),
        );
        parts.push(
          `<p style="font-size:12px;margin:0 0 8px;color:#334155">Total for ${esc(e.name)}: ${plural(e.totals.count, 'exception')}, ${plural(e.totals.daysAway, 'day')} away, ${hoursText(e.totals.hoursAway)} hours away, ${hoursText(e.totals.hoursExtra)} extra hours</p>`,
        );
      }
    }
    parts.push(`<h3 style="font-size:14px;margin:10px 0 4px">${esc(site.name)} by type</h3>`);
    parts.push(
      table(
        TYPE_HEAD,
        [
          ...typeRows(site.byType),
          [
            '<strong>Site total</strong>',
            String(site.totals.count),
            String(site.totals.daysAway),
            hoursText(site.totals.hoursAway),
            hoursText(site.totals.hoursExtra),
          ],
        ],
        [1, 2, 3, 4],
      ),
    );
  }
  if (r.sites.length > 1) {
    parts.push(`<h2 style="font-size:17px;margin:18px 0 6px;border-bottom:1px solid #94a3b8">All sites by type</h2>`);
    parts.push(table(TYPE_HEAD, typeRows(r.byType), [1, 2, 3, 4]));
  }
  if (r.notes) {
    parts.push(`<h2 style="font-size:17px;margin:18px 0 6px;border-bottom:1px solid #94a3b8">Notes</h2>`);
    parts.push(
      r.notes.length === 0
        ? '<p style="font-size:13px;color:#64748b">No notes in this range.</p>'
        : table(
            ['Site', 'Dates', 'Title', 'Description'],
            r.notes.map((n) => [esc(n.siteName), esc(spanText(n)), esc(n.title), esc(n.description ?? '')]),
          ),
    );
  }
  return parts.join('');
}

function hoursHtml(r: HoursReport): string {
  const parts = [
    titleBlock(
      reportTitle(r),
      r.header,
      r.sites.map((s) => s.name),
    ),
  ];
  const t = r.totals;
  parts.push(
    `<p style="font-size:14px;margin:0 0 12px"><strong>${hoursText(t.availableHours)}</strong> available hours of <strong>${hoursText(t.defaultHours)}</strong> default (${signedHours(t.difference)}) · ${t.workingDays} working days · ${t.awaiting} awaiting authorisation</p>`,
  );
  for (const site of r.sites) {
    parts.push(
      `<h2 style="font-size:17px;margin:18px 0 6px;border-bottom:1px solid #94a3b8">${esc(site.name)} <span style="font-weight:normal;font-size:13px">(${site.employeeCount} employees)</span></h2>`,
    );
    if (r.header.layout === 'summary') {
      parts.push(
        table(
          ['Week', 'Available', 'Default', 'Difference', 'Awaiting'],
          site.weeks.map((w) => [
            esc(spanText(w)),
            hoursText(w.availableHours),
            hoursText(w.defaultHours),
            signedHours(w.difference),
            String(w.awaiting),
          ]),
          [1, 2, 3, 4],
        ),
      );
    } else {
      parts.push(
        table(
          ['Date', 'Day', 'Available', 'Default', 'Difference', 'Authorisation', 'Required', 'Shortfall'],
          site.days.map((d) => [
            `${d.date} ${weekdayName(d.date)}`,
            esc(dayKindLabel(d.kind, d.holidayName)),
            hoursText(d.availableHours),
            hoursText(d.defaultHours),
            signedHours(d.difference),
            esc(statusLabel(d.status, d.authorisedBy, d.authorisedAt, d.authorisedHours)),
            minimumText(d.requiredHours),
            minimumText(d.shortHours),
          ]),
          [2, 3, 4, 6, 7],
        ),
      );
    }
    const s = site.totals;
    parts.push(
      `<p style="font-size:13px;margin:0 0 8px"><strong>Total for ${esc(site.name)}:</strong> ${hoursText(s.availableHours)} available, ${hoursText(s.defaultHours)} default, ${signedHours(s.difference)} difference, ${s.workingDays} working days, ${s.awaiting} awaiting authorisation</p>`,
    );
  }
  return parts.join('');
}

function balancesHtml(r: BalancesReport): string {
  const parts = [
    titleBlock(
      reportTitle(r),
      r.header,
      r.sites.map((s) => s.name),
    ),
  ];
  for (const site of r.sites) {
    parts.push(`<h2 style="font-size:17px;margin:18px 0 6px;border-bottom:1px solid #94a3b8">${esc(site.name)}</h2>`);
    parts.push(`<p style="font-size:13px;margin:0 0 8px;color:#334155">${esc(balanceSiteNote(site))}</p>`);
    if (site.balances && site.balances.rows.length > 0) {
      parts.push(
        table(
          BALANCE_HEADERS,
          site.balances.rows.map((row) => balanceCells(row).map(esc)),
          [1, 2, 3, 4, 5, 6, 7, 8, 9],
        ),
      );
    }
  }
  return parts.join('');
}

const BODIES = { exceptions: exceptionsHtml, hours: hoursHtml, balances: balancesHtml } as const;

/** The report body (a fragment: the preview drops it into the dialog, the mail wraps it). */
export function reportHtml(r: Report): string {
  const body = (BODIES[r.kind] as (report: Report) => string)(r);
  return `<div style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#0f172a;line-height:1.4">${body}</div>`;
}
