import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { siteIdForSignedLink, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { leaveRequests } from '../../db/schema';

/**
 * The Approve and Decline buttons of an approver's mail (decision 092): a link signed with the server's
 * link secret (mail/link-secret.ts) over the request, the approver, the action, the request's
 * version and an expiry 7 days on. A decision bumps the version, so the link dies with the request's change; a
 * used link is recorded by its MAC (`leave_link_uses`) and refused the second time.
 */

export const LINK_DAYS = 7;
/** The page the buttons open (pages.ts). */
export const DECISION_PAGE = '/api/leave-decision';
export type LinkAction = 'approve' | 'decline';

export interface LinkClaims {
  requestId: number;
  userId: number;
  action: LinkAction;
  version: number;
  /** Seconds since 1970 after which the link is refused. */
  expires: number;
}

const macOf = (secret: string, c: LinkClaims) =>
  createHmac('sha256', secret)
    .update(`leave-decision:${c.requestId}:${c.userId}:${c.action}:${c.version}:${c.expires}`)
    .digest('base64url');

export function linkToken(secret: string, c: Omit<LinkClaims, 'expires'>, now: Date): string {
  const claims = { ...c, expires: Math.floor(now.getTime() / 1000) + LINK_DAYS * 24 * 3600 };
  return `${claims.requestId}.${claims.userId}.${claims.action}.${claims.version}.${claims.expires}.${macOf(secret, claims)}`;
}

/** The claims of a well-formed token whose MAC is right and that has not expired, with its MAC; else null. */
export function readLinkToken(secret: string, token: string, now: Date): (LinkClaims & { mac: string }) | null {
  const m = /^(\d{1,10})\.(\d{1,10})\.(approve|decline)\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const claims: LinkClaims = {
    requestId: Number(m[1]),
    userId: Number(m[2]),
    action: m[3] as LinkAction,
    version: Number(m[4]),
    expires: Number(m[5]),
  };
  const expected = Buffer.from(macOf(secret, claims));
  const given = Buffer.from(m[6]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (claims.expires * 1000 < now.getTime()) return null;
  return { ...claims, mac: m[6] };
}

/**
 * The site of the request a checked link names. A lookup by id alone, across sites, on purpose: the MAC above is
 * the proof that this server signed that id, and the link then acts on that request's site only.
 */
export async function unsafeSiteOfSignedRequest(db: Db, requestId: number): Promise<ActorSiteId | null> {
  const [row] = await db.select({ siteId: leaveRequests.siteId }).from(leaveRequests).where(eq(leaveRequests.id, requestId));
  return row ? siteIdForSignedLink(row) : null;
}
