import { and, desc, eq, like, lt, ne } from 'drizzle-orm';
import { superAdminMessages, type TSuperAdmin } from '../../../shared/contracts/super-admin';
import { AppError } from '../../../shared/errors';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { superAdminSessions, superAdmins } from '../../db/schema';

/** Spec leaves it open; decision 021: a bearer token lives 8 hours from its last use. */
export const SUPER_ADMIN_IDLE_MS = 8 * 60 * 60 * 1000;
/** However active, a token ends 12 hours after sign-in (ASVS 3.3.2, decision 065). */
export const SUPER_ADMIN_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** How much of a session's id (a SHA-256 of its token) the portal shows and takes back to revoke it. */
const PUBLIC_ID_LENGTH = 16;

/** Idle expiry from `now`, never past the absolute end. */
const slideTo = (createdAt: Date, now: Date) =>
  new Date(Math.min(now.getTime() + SUPER_ADMIN_IDLE_MS, createdAt.getTime() + SUPER_ADMIN_ABSOLUTE_MS));
const TOUCH_EVERY_MS = 60 * 1000;

export interface SuperAdminSession extends TSuperAdmin {
  sessionId: string;
}

export async function createSuperAdminSession(db: Db, superAdminId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(superAdminSessions).values({
    id: hashToken(token),
    superAdminId,
    expiresAt: slideTo(now, now),
    lastSeenAt: now,
    createdAt: now,
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
      createdAt: superAdminSessions.createdAt,
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
  if (row.expiresAt <= now || now.getTime() >= row.createdAt.getTime() + SUPER_ADMIN_ABSOLUTE_MS) {
    await db.delete(superAdminSessions).where(eq(superAdminSessions.id, id));
    throw new AppError('UNAUTHENTICATED', superAdminMessages.expired);
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(superAdminSessions)
      .set({ lastSeenAt: now, expiresAt: slideTo(row.createdAt, now) })
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

/** The signed-in super-admin's live tokens, newest first, for the portal's "Sessions" list. */
export async function listSuperAdminSessions(db: Db, who: SuperAdminSession, now: Date) {
  const rows = await db
    .select({
      id: superAdminSessions.id,
      createdAt: superAdminSessions.createdAt,
      lastSeenAt: superAdminSessions.lastSeenAt,
      expiresAt: superAdminSessions.expiresAt,
    })
    .from(superAdminSessions)
    .where(eq(superAdminSessions.superAdminId, who.id))
    .orderBy(desc(superAdminSessions.createdAt));
  return rows
    .filter((r) => r.expiresAt > now && now.getTime() < r.createdAt.getTime() + SUPER_ADMIN_ABSOLUTE_MS)
    .map((r) => ({
      id: r.id.slice(0, PUBLIC_ID_LENGTH),
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      current: r.id === who.sessionId,
    }));
}

/** Ends one of the signed-in super-admin's own tokens by its shown id; another admin's token is never found. */
export async function revokeSuperAdminSession(db: Db, who: SuperAdminSession, publicId: string): Promise<boolean> {
  const ended = await db
    .delete(superAdminSessions)
    .where(and(eq(superAdminSessions.superAdminId, who.id), like(superAdminSessions.id, `${publicId}%`)))
    .returning({ id: superAdminSessions.id });
  return ended.length > 0;
}

/** "Sign out everywhere else": every token of this super-admin but the one making the request. */
export async function revokeOtherSuperAdminSessions(db: Db, who: SuperAdminSession): Promise<number> {
  const ended = await db
    .delete(superAdminSessions)
    .where(and(eq(superAdminSessions.superAdminId, who.id), ne(superAdminSessions.id, who.sessionId)))
    .returning({ id: superAdminSessions.id });
  return ended.length;
}
