import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

/**
 * The one-click "turn off this notification" link carries the notification id and an HMAC of it under a
 * server secret: APP_SECRET when the operator sets one, else a random key the first instance stores in
 * `app_secrets` (every instance then reads the same one).
 */

const SECRET_NAME = 'notification-links';
const cache = new WeakMap<object, Promise<string>>();

export function signingSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let pending = cache.get(db);
  if (!pending) {
    pending = (async () => {
      await db.insert(appSecrets).values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
      return row.value;
    })();
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}

const mac = (secret: string, id: number) => createHmac('sha256', secret).update(`disable-notification:${id}`).digest('base64url');

export const disableToken = (secret: string, id: number) => `${id}.${mac(secret, id)}`;

/** The notification id a token was made for, or null when the token is malformed or not ours. */
export function readDisableToken(secret: string, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
