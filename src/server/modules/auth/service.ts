import { and, eq } from 'drizzle-orm';
import type { TLoginRequest, TMeResponse } from '../../../shared/contracts/auth';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { sites, siteUsers } from '../../db/schema';
import { verifyPassword } from '../../auth/passwords';
import { createSession, type SessionRecord } from '../../auth/sessions';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-limit';

const invalid = 'Invalid email or password';

export interface LoginContext {
  ip: string;
  /** Site identifier taken from the request's subdomain, when there is one. */
  hostSite?: string;
  now: Date;
}

/**
 * Signs in by e-mail and password. The site comes from the host's subdomain, else the form's identifier;
 * without either, an e-mail and password that match exactly one active user are enough. The answer never
 * says whether an e-mail exists.
 */
export async function login(db: Db, input: TLoginRequest & { email: string }, ctx: LoginContext) {
  await assertLoginAllowed(db, ctx.ip, input.email, ctx.now);
  const identifier = ctx.hostSite ?? input.siteIdentifier;
  const candidates = await db
    .select({ user: siteUsers, site: sites })
    .from(siteUsers)
    .innerJoin(sites, eq(sites.id, siteUsers.siteId))
    .where(
      and(
        eq(siteUsers.email, input.email),
        eq(siteUsers.isActive, true),
        eq(sites.isActive, true),
        identifier ? eq(sites.subdomain, identifier) : undefined,
      ),
    );
  const matches = [];
  for (const c of candidates) {
    if (await verifyPassword(c.user.passwordHash, input.password)) matches.push(c);
  }
  if (matches.length === 0) {
    await recordLoginFailure(db, ctx.ip, input.email, ctx.now);
    throw new AppError('UNAUTHENTICATED', invalid);
  }
  if (matches.length > 1) {
    throw new AppError('BAD_REQUEST', 'This e-mail signs in to several sites. Enter the site identifier to choose one.');
  }
  const { user, site } = matches[0];
  await clearLoginFailures(db, input.email);
  await db.update(siteUsers).set({ lastLoginAt: ctx.now }).where(eq(siteUsers.id, user.id));
  const token = await createSession(db, user.id, site.id, ctx.now);
  const me: TMeResponse = {
    user: { id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin, isReadOnly: user.isReadOnly },
    site: { id: site.id, name: site.name, subdomain: site.subdomain },
  };
  return { token, me };
}

export async function describeSession(db: Db, session: SessionRecord): Promise<TMeResponse> {
  const [site] = await db
    .select({ id: sites.id, name: sites.name, subdomain: sites.subdomain })
    .from(sites)
    .where(eq(sites.id, session.currentSiteId));
  if (!site) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return {
    user: {
      id: session.userId,
      username: session.username,
      email: session.email,
      isAdmin: session.isAdmin,
      isReadOnly: session.isReadOnly,
    },
    site,
  };
}
