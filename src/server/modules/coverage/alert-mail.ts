import { shortfallStatusLine, type ShortfallStatus } from '../../../shared/domain/coverage-messages';
import { escapeHtml as esc, htmlEmail } from '../../mail/html';

/** The daily shortfall alert (decision 101): one mail per site and run, listing the days newly short. */

export interface ShortfallAlertMail {
  subject: string;
  text: string;
  html: string;
}

/** "Hoursight: 2 days short of minimum hours at North" (a site name is never allowed to break the header). */
export const shortfallAlertSubject = (days: number, siteName: string): string =>
  `Hoursight: ${days} ${days === 1 ? 'day' : 'days'} short of minimum hours at ${siteName}`.replace(/[\r\n\t]+/g, ' ');

export function renderShortfallAlert(
  site: { name: string },
  days: readonly ShortfallStatus[],
  opts: { appUrl: string; horizonDays: number },
): ShortfallAlertMail {
  const base = opts.appUrl.replace(/\/$/, '');
  const calendar = `${base}/`;
  const capacity = `${base}/capacity`;
  const subject = shortfallAlertSubject(days.length, site.name);
  const intro = `${days.length === 1 ? 'This day' : 'These days'} at ${site.name} in the next ${opts.horizonDays} days now ${days.length === 1 ? 'has' : 'have'} fewer available hours than the site's minimum:`;
  const lines = days.map(shortfallStatusLine);
  const why = `You receive this because you approve time off at ${site.name}. Each short day is mailed once; the site's admins set the minimums and how far ahead this looks.`;
  const text = [intro, '', ...lines, '', `Open the calendar: ${calendar}`, `Capacity: ${capacity}`, '', why, ''].join('\n');
  const html = htmlEmail(subject, [
    esc(intro),
    lines.map(esc).join('<br>'),
    `<a href="${esc(calendar)}">Open the calendar</a> · <a href="${esc(capacity)}">Capacity</a>`,
    `<span style="color:#555;font-size:13px">${esc(why)}</span>`,
  ]);
  return { subject, text, html };
}
