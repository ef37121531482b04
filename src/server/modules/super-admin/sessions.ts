import { and, eq, lt } from 'drizzle-orm';
import { superAdminMessages, type TSuperAdmin } from '../../../shared/contracts/super-admin';
import { AppError } from '../../../shared/errors';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { superAdminSessions, superAdmins } from '../../db/schema';

/** Spec leaves it open; decision 021: a bearer token lives 8 hours from its last use. */
export const SUPER_ADMIN_IDLE_MS = 8 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export interface SuperAdminSession extends TSuperAdmin {
  sessionId: string;
}

export async function createSuperAdminSession(db: Db, superAdminId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(superAdminSessions).values({
    id: hashToken(token),
    superAdminId,
    expiresAt: new Date(now.getTime() + SUPER_ADMIN_IDLE_MS),
    lastSeenAt: now,
  });
  return token;
}

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * The live super-admin behind a token, sliding its expiry; throws 401 with the spec's §8 wording otherwise.
 * An expired row is deleted on sight.
 */
export async function authenticateSuperAdmin(db: Db, token: string | undefined, now: Date): Promise<SuperAdminSession> {
  if (!token) throw new AppError('UNAUTHENTICATED', superAdminMessages.noToken);
  const id = hashToken(token);
  const [row] = await db
    .select({
      sessionId: superAdminSessions.id,
      expiresAt: superAdminSessions.expiresAt,
      lastSeenAt: superAdminSessions.lastSeenAt,
      id: superAdmins.id,
      username: superAdmins.username,
      email: superAdmins.email,
      isActive: superAdmins.isActive,
    })
    .from(superAdminSessions)
    .innerJoin(superAdmins, eq(superAdmins.id, superAdminSessions.superAdminId))
    .where(eq(superAdminSessions.id, id))
    .limit(1);
  if (!row || !row.isActive) throw new AppError('UNAUTHENTICATED', superAdminMessages.failed);
  if (row.expiresAt <= now) {
    await db.delete(superAdminSessions).where(eq(superAdminSessions.id, id));
    throw new AppError('UNAUTHENTICATED', superAdminMessages.expired);
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(superAdminSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SUPER_ADMIN_IDLE_MS) })
      .where(eq(superAdminSessions.id, id));
  }
  return { sessionId: row.sessionId, id: row.id, username: row.username, email: row.email };
}

export async function deleteSuperAdminSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(superAdminSessions).where(eq(superAdminSessions.id, sessionId));
}

/** A changed password ends every token of that super-admin. */
export async function revokeSuperAdminSessions(db: Db, superAdminId: number): Promise<void> {
  await db.delete(superAdminSessions).where(eq(superAdminSessions.superAdminId, superAdminId));
}

export async function purgeExpiredSuperAdminSessions(db: Db, now: Date): Promise<void> {
  await db.delete(superAdminSessions).where(and(lt(superAdminSessions.expiresAt, now)));
}
