import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets } from './schema';

/**
 * A key the server keeps in `app_secrets` when the operator sets none in the environment (the link-signing secret,
 * the TOTP key): the first instance to ask stores a random one, and every instance then reads that same one.
 * `bytes` and `encoding` say how it is made; without them an existing one is only read (undefined when none).
 */
export async function storedSecret(
  db: Db,
  name: string,
  make?: { bytes: number; encoding: 'base64' | 'base64url' },
): Promise<string | undefined> {
  if (make)
    await db
      .insert(appSecrets)
      .values({ name, value: randomBytes(make.bytes).toString(make.encoding) })
      .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}
