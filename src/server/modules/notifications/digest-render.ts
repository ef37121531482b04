import { formatHours, formatWeekdayDayShort } from '../../../shared/format';
import { shortfallStatusLine } from '../../../shared/domain/coverage-messages';
import { escapeHtml as esc } from '../../mail/html';
import type { OutgoingMail } from '../../mail/mailer';
import type { AvailabilityDay, DigestData, SiteAvailability, UpcomingItem } from './digest-data';

/**
 * The digest e-mail: HTML for phones (one narrow column, no wide tables) with a plain-text twin. Every
 * user string (names, notes, site and notification names) goes through `esc` in the HTML.
 */

/** yyyy-MM-dd → "Mon 23 Nov": the shared formatter's day without its year (the digest looks days ahead, decision 114). */
export const dayLabel = (date: string): string => formatWeekdayDayShort(date);

const hours = formatHours;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const period = (days: number) => (days === 1 ? 'today' : `over the next ${days} days`);

function itemText(x: UpcomingItem): string {
  const amount = x.isFullDay ? 'full day' : `${hours(x.hours ?? 0)}`;
  return `${x.employee}: ${x.type}, ${amount}`;
}

/** One site's capacity phrase, e.g. "North: 12% below normal over the next 7 days; 3 days await authorisation". */
export function siteCapacity(s: SiteAvailability, days: number): string {
  const available = s.days.reduce((a, d) => a + d.availableHours, 0);
  const normal = s.days.reduce((a, d) => a + d.defaultHours, 0);
  const pct = normal > 0 ? Math.round(((normal - available) / normal) * 100) : 0;
  const level = pct > 0 ? `${pct}% below normal` : pct < 0 ? `${-pct}% above normal` : 'at normal capacity';
  const waiting = s.days.filter((d) => d.awaitingAuthorisation).length;
  const wait = waiting > 0 ? `; ${plural(waiting, 'day awaits', 'days await')} authorisation` : '';
  return `${s.site.name}: ${level} ${period(days)}${wait}`;
}

/** The one line at the top of every digest. */
export function capacitySummary(data: DigestData): string {
  if (data.availability && data.availability.sites.length > 0) {
    return data.availability.sites.map((s) => siteCapacity(s, data.availability!.days)).join('. ');
  }
  if (data.upcoming) {
    const count = data.upcoming.byDay.reduce((a, d) => a + d.sites.reduce((b, s) => b + s.items.length, 0), 0);
    return `${plural(count, 'exception', 'exceptions')} on the calendar ${period(data.upcoming.days)}`;
  }
  return 'Nothing is chosen for this notification.';
}

function dayNote(d: AvailabilityDay): string {
  if (d.holiday) return `Holiday: ${d.holiday}`;
  return d.awaitingAuthorisation ? 'Awaiting authorisation' : '';
}

export interface RenderOptions {
  name: string;
  appUrl: string;
  disableUrl: string;
}

/** "Time-off requests waiting for your decision: HQ 2, North 1", or null when none wait. */
export function waitingLine(data: DigestData): string | null {
  const waiting = data.requestsWaiting ?? [];
  if (waiting.length === 0) return null;
  return `Time-off requests waiting for your decision: ${waiting.map((w) => `${w.site.name} ${w.count}`).join(', ')}`;
}

export function renderDigest(data: DigestData, opts: RenderOptions): Omit<OutgoingMail, 'to'> {
  const summary = capacitySummary(data);
  const waiting = waitingLine(data);
  const html: string[] = [];
  const text: string[] = [opts.name, '', summary, ''];
  if (waiting) {
    const requestsUrl = `${opts.appUrl}/requests`;
    html.push(
      `<p style="margin:0 0 8px;padding:8px 12px;background:#fffbeb;border-left:4px solid #b45309">${esc(waiting)}. <a href="${esc(requestsUrl)}" style="color:#1d4ed8">Review requests</a></p>`,
    );
    text.push(waiting, `Review requests: ${requestsUrl}`, '');
  }
  const h2 = (t: string) => `<h2 style="font-size:17px;margin:24px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px">${esc(t)}</h2>`;
  const h3 = (t: string) => `<h3 style="font-size:15px;margin:16px 0 4px">${esc(t)}</h3>`;

  if (data.shortfalls) {
    const title = `Shortfalls in the next ${data.shortfalls.days} days`;
    html.push(h2(title));
    text.push(title.toUpperCase());
    if (data.shortfalls.sites.length === 0) {
      html.push('<p style="margin:0 0 8px">No day is short of its minimum hours.</p>');
      text.push('No day is short of its minimum hours.');
    }
    for (const s of data.shortfalls.sites) {
      html.push(h3(s.site.name), '<ul style="margin:0 0 8px;padding-left:20px;color:#991b1b">');
      text.push('', s.site.name);
      for (const d of s.days) {
        html.push(`<li>${esc(shortfallStatusLine(d))}</li>`);
        text.push(`  ${shortfallStatusLine(d)}`);
      }
      html.push('</ul>');
    }
    text.push('');
  }

  if (data.upcoming) {
    const title = `Upcoming exceptions (${data.upcoming.days === 1 ? 'today' : `next ${data.upcoming.days} days`})`;
    html.push(h2(title));
    text.push(title.toUpperCase());
    if (data.upcoming.byDay.length === 0) {
      html.push('<p style="margin:0 0 8px">No exceptions in this period.</p>');
      text.push('No exceptions in this period.');
    }
    for (const day of data.upcoming.byDay) {
      html.push(h3(dayLabel(day.date)));
      text.push('', dayLabel(day.date));
      for (const s of day.sites) {
        html.push(
          `<p style="margin:4px 0 2px;font-weight:600;color:#444">${esc(s.site.name)}</p><ul style="margin:0 0 8px;padding-left:20px">`,
        );
        text.push(`  ${s.site.name}`);
        for (const x of s.items) {
          const note = x.notes ? `<br><span style="color:#555">${esc(x.notes)}</span>` : '';
          html.push(`<li>${esc(itemText(x))}${note}</li>`);
          text.push(`    - ${itemText(x)}${x.notes ? ` (${x.notes})` : ''}`);
        }
        for (const n of s.notes) {
          const desc = n.description ? `: ${n.description}` : '';
          html.push(`<li>Note: ${esc(n.title)}${esc(desc)}</li>`);
          text.push(`    - Note: ${n.title}${desc}`);
        }
        html.push('</ul>');
      }
    }
    text.push('');
  }

  if (data.availability) {
    html.push(h2('Team availability'));
    text.push('TEAM AVAILABILITY');
    for (const s of data.availability.sites) {
      html.push(h3(s.site.name));
      text.push('', s.site.name);
      html.push('<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">');
      html.push(
        '<tr style="color:#555;text-align:left"><th style="padding:4px 0">Day</th><th style="padding:4px">Available</th><th style="padding:4px">Normal</th></tr>',
      );
      for (const d of s.days) {
        const note = dayNote(d);
        const colour = d.holiday ? '#6b7280' : d.awaitingAuthorisation ? '#92400e' : '#111';
        html.push(
          `<tr style="border-top:1px solid #eee;color:${colour}"><td style="padding:4px 0">${esc(dayLabel(d.date))}${note ? `<br><span style="font-size:12px">${esc(note)}</span>` : ''}</td>` +
            `<td style="padding:4px">${hours(d.availableHours)}</td><td style="padding:4px">${hours(d.defaultHours)}</td></tr>`,
        );
        text.push(`  ${dayLabel(d.date)}: ${hours(d.availableHours)} of ${hours(d.defaultHours)}${note ? ` (${note})` : ''}`);
      }
      html.push('</table>');
    }
    if (data.availability.sites.length === 0) {
      html.push('<p>No sites to show.</p>');
      text.push('No sites to show.');
    }
    text.push('');
  }

  const footer =
    `<p style="margin:24px 0 0;font-size:13px;color:#555"><a href="${esc(opts.appUrl)}" style="color:#1d4ed8">Open Hoursight</a></p>` +
    `<p style="margin:8px 0 0;font-size:13px;color:#555">You receive this because of the saved notification "${esc(opts.name)}". ` +
    `<a href="${esc(opts.disableUrl)}" style="color:#1d4ed8">Turn off this notification</a></p>`;
  text.push(`Open Hoursight: ${opts.appUrl}`, `Turn off this notification: ${opts.disableUrl}`);

  const body =
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(opts.name)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5"><div style="max-width:600px;margin:0 auto;padding:16px;background:#fff;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;line-height:1.5;font-size:15px">` +
    `<h1 style="font-size:20px;margin:0 0 8px">${esc(opts.name)}</h1>` +
    `<p style="margin:0 0 8px;padding:8px 12px;background:#eff6ff;border-left:4px solid #1d4ed8">${esc(summary)}</p>` +
    html.join('') +
    footer +
    '</div></body></html>';
  return { subject: `${opts.name}: ${dayLabel(data.today)}`, html: body, text: text.join('\n') };
}
