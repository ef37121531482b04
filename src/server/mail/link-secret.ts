import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * The secret that signs the links mails carry (a notification's one-click "turn off" link, a time-off request's
 * decision links): APP_SECRET when the operator sets one, else a random key the first instance stores in
 * `app_secrets` (every instance then reads the same one).
 */

const SECRET_NAME = 'notification-links';
const cache = new WeakMap<object, Promise<string>>();

export function signingSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let pending = cache.get(db);
  if (!pending) {
    pending = (async () => {
      await db
        .insert(appSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
      return row.value;
    })();
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}
