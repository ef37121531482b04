import { PRODUCT_NAME } from '../../../shared/domain/defaults';
import { escapeHtml, htmlEmail } from '../../mail/html';
import type { OutgoingMail } from '../../mail/mailer';

export interface Invitation {
  to: string;
  employeeName: string;
  siteName: string;
  subdomain: string;
  invitedBy: string;
}

/** The link an invitation carries: the reset page, worded for a first password (`invite=1`). */
export const inviteLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}&invite=1`;

export function inviteMail(inv: Invitation, link: string): OutgoingMail {
  const subject = `Set your ${PRODUCT_NAME} password`;
  const intro = `Hello ${inv.employeeName},`;
  const what = `${inv.invitedBy} invited you to ${PRODUCT_NAME} for ${inv.siteName} (site identifier: ${inv.subdomain}), where you can see the calendar and request time off. You sign in with this e-mail address.`;
  const expiry = 'The link expires in 72 hours and works once. If you did not expect this invitation, ignore this e-mail.';
  const text = [intro, '', what, '', `Choose your password here: ${link}`, '', expiry].join('\n');
  const href = escapeHtml(link);
  const html = htmlEmail(subject, [
    escapeHtml(intro),
    escapeHtml(what),
    `<a href="${href}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Choose your password</a>`,
    `Or paste this address into your browser: <a href="${href}">${href}</a>`,
    escapeHtml(expiry),
  ]);
  return { to: inv.to, subject, text, html };
}
