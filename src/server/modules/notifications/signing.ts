import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click "turn off this notification" link carries the notification id and an HMAC of it and
 * the recipient's address under the server's link secret (`mail/link-secret.ts`).
 */

/**
 * A link belongs to one recipient of one notification (decision 064): the MAC covers both, so turning it
 * off removes only that address. The address is not in the link; the server finds it among the
 * notification's current recipients, so a deleted notification or a removed address has no valid link.
 */
const mac = (secret: string, id: number, recipient: string) =>
  createHmac('sha256', secret).update(`disable-notification:${id}:${recipient.trim().toLowerCase()}`).digest('base64url');

export const disableToken = (secret: string, id: number, recipient: string) => `${id}.${mac(secret, id, recipient)}`;

/** The notification id a token names, or null when it is malformed; the MAC is checked by `tokenRecipient`. */
export function tokenNotificationId(token: string): number | null {
  const m = /^(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return m ? Number(m[1]) : null;
}

/** The recipient among `recipients` the token was made for, or null when it is none of them. */
export function tokenRecipient(secret: string, token: string, recipients: readonly string[]): string | null {
  const id = tokenNotificationId(token);
  if (id === null) return null;
  const given = Buffer.from(token.slice(token.indexOf('.') + 1));
  for (const recipient of recipients) {
    const expected = Buffer.from(mac(secret, id, recipient));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return recipient;
  }
  return null;
}
