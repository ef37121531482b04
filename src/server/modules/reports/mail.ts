import { formatDayRange } from '../../../shared/format';
import { escapeHtml } from '../../mail/html';
import type { OutgoingMail } from '../../mail/mailer';
import { hoursText, plural, signedHours } from './format';
import { balanceCells, balanceSiteNote } from './balances';
import { reportHtml } from './html';
import { reportTitle } from './service';
import type { Report } from './types';

/** The report e-mail: the preview's HTML as the body, a plain-text summary, the PDF attached. */
export function reportMail(r: Report, recipients: string[], pdf: Buffer, fileName: string): OutgoingMail {
  const period = formatDayRange(r.header.startDate, r.header.endDate, { weekday: false });
  const title = `${reportTitle(r)}: ${period}`;
  const sites = r.sites.map((s) => s.name).join(', ');
  const lines = [title, `Business: ${r.header.businessName}`, `Sites: ${sites}`, `Sent by: ${r.header.generatedBy}`, ''];
  if (r.kind === 'exceptions') {
    lines.push(
      `${plural(r.totals.count, 'exception')}, ${plural(r.totals.daysAway, 'day')} away, ${hoursText(r.totals.hoursAway)} hours away, ${hoursText(r.totals.hoursExtra)} extra hours.`,
    );
    for (const s of r.sites) {
      lines.push('', `${s.name}: ${plural(s.totals.count, 'exception')}, ${hoursText(s.totals.hoursAway)} hours away`);
      for (const e of s.employees)
        lines.push(
          `  ${e.name}: ${plural(e.totals.count, 'exception')}, ${plural(e.totals.daysAway, 'day')} away, ${hoursText(e.totals.hoursAway)} hours away`,
        );
    }
  } else if (r.kind === 'balances') {
    for (const s of r.sites) {
      lines.push('', `${s.name}: ${balanceSiteNote(s)}`);
      for (const row of s.balances?.rows ?? [])
        lines.push(`  ${row.employeeName}: ${balanceCells(row)[9]} hours left, ${hoursText(row.pending)} pending`);
    }
  } else {
    lines.push(
      `${hoursText(r.totals.availableHours)} available hours of ${hoursText(r.totals.defaultHours)} default (${signedHours(r.totals.difference)}).`,
    );
    for (const s of r.sites)
      lines.push(
        `  ${s.name}: ${hoursText(s.totals.availableHours)} available, ${hoursText(s.totals.defaultHours)} default, ${s.totals.awaiting} awaiting authorisation`,
      );
  }
  lines.push('', `The full report is attached: ${fileName}`);
  const html = `<!doctype html><html><body style="margin:0;padding:16px;background:#fff">${reportHtml(r)}<p style="font-family:system-ui,sans-serif;font-size:12px;color:#64748b">The full report is attached as ${escapeHtml(fileName)}.</p></body></html>`;
  return {
    to: recipients.join(', '),
    subject: `${reportTitle(r)}: ${period}`,
    text: lines.join('\n'),
    html,
    attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
  };
}
