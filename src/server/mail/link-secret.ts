import { storedSecret } from '../db/app-secrets';
import type { Db } from '../db/client';

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
    pending = storedSecret(db, SECRET_NAME, { bytes: 32, encoding: 'base64url' }).then((value) => value!);
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}
