import { z } from 'zod';

/** The portal's "Sessions" list: the signed-in super-admin's live bearer tokens (decision 065). */
export const ZSuperAdminSessionItem = z.object({
  /** The first 16 hex digits of the token's SHA-256: enough to name it, useless to sign in with. */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type TSuperAdminSessionItem = z.infer<typeof ZSuperAdminSessionItem>;
export const ZSuperAdminSessions = z.object({ sessions: z.array(ZSuperAdminSessionItem) });
export type TSuperAdminSessions = z.infer<typeof ZSuperAdminSessions>;

export const sessionMessages = {
  notFound: 'Session not found. It may already have ended.',
  revoked: 'Session signed out',
  othersRevoked: 'Signed out of every other session',
} as const;

export const ZRevokeSessionRequest = z.object({
  id: z
    .string({ message: sessionMessages.notFound })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{16}$/, sessionMessages.notFound),
});
export type TRevokeSessionRequest = z.input<typeof ZRevokeSessionRequest>;
