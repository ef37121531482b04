import { and, eq } from 'drizzle-orm';
import { inSite, siteJoin, type Actor } from '../../auth/access';
import type { TLoginRequest, TMeResponse } from '../../../shared/contracts/auth';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { employees, sites, siteUsers } from '../../db/schema';
import { checkPassword, dummyHash, type PasswordCheck, type VerifyPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import { beginLoginAttempt, loginSucceeded, releaseLoginAttempt, type SignInGuard } from '../../rate-limit/login-limit';
import { createChallenge, passChallenge, twoFactorOn, type TotpSecrets } from '../two-factor';

const invalid = 'Invalid email or password';
const siteSuspended = 'This site has been suspended. Please contact support.';

export interface LoginContext {
  ip: string;
  /** Site identifier taken from the request's subdomain, when there is one. */
  hostSite?: string;
  now: Date;
  /** The password check; injected so tests can count the argon2 work done. */
  verify?: VerifyPassword;
  /** Counts the attempt against the sign-in limits (decision 013). */
  guard: SignInGuard;
}

/**
 * Signs in by e-mail and password. The site comes from the host's subdomain, else the form's identifier;
 * without either, an e-mail and password that match exactly one active user are enough. The answer never
 * says whether an e-mail exists.
 */
export async function login(db: Db, input: TLoginRequest & { email: string }, ctx: LoginContext) {
  // Counted before any password is checked: a refused attempt costs no argon2 work.
  const attempt = await beginLoginAttempt(ctx.guard, { account: input.email, ip: ctx.ip, now: ctx.now });
  const identifier = ctx.hostSite ?? input.siteIdentifier;
  const candidates = await db
    .select({ user: siteUsers, site: sites })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .where(and(eq(siteUsers.email, input.email), eq(siteUsers.isActive, true), identifier ? eq(sites.subdomain, identifier) : undefined));
  const verified: Array<(typeof candidates)[number] & Pick<PasswordCheck, 'upgrade'>> = [];
  for (const c of candidates) {
    const check = await checkPassword(c.user.passwordHash, input.password, ctx.verify);
    if (check.ok) verified.push({ ...c, upgrade: check.upgrade });
  }
  // No account: the same argon2 work against a dummy hash, so the answer takes as long as a wrong password.
  if (candidates.length === 0) await checkPassword(await dummyHash(), input.password, ctx.verify);
  // A suspended site's users are told why, but only after their password proved who they are.
  const matches = verified.filter((c) => c.site.isActive);
  if (verified.length > 0 && matches.length === 0) throw new AppError('FORBIDDEN', siteSuspended);
  if (matches.length === 0) throw new AppError('UNAUTHENTICATED', invalid);
  if (matches.length > 1) {
    await releaseLoginAttempt(ctx.guard, attempt);
    throw new AppError('BAD_REQUEST', 'This e-mail signs in to several sites. Enter the site identifier to choose one.');
  }
  const { user, site, upgrade } = matches[0];
  await loginSucceeded(ctx.guard, attempt);
  // A hash of the password as typed before decision 105: stored again as normalised, unless changed meanwhile.
  if (upgrade)
    await db
      .update(siteUsers)
      .set({ passwordHash: await upgrade() })
      .where(and(eq(siteUsers.id, user.id), eq(siteUsers.passwordHash, user.passwordHash)));
  // With two-factor sign-in on, the password earns only a ticket for the code step (decision 065).
  if (await twoFactorOn(db, { siteUserId: user.id })) {
    return { challenge: await createChallenge(db, { siteUserId: user.id, signInSiteId: site.id }, ctx.now) } as const;
  }
  return startSession(db, user, site, ctx.now);
}

type UserRow = typeof siteUsers.$inferSelect;
type SiteRow = Pick<typeof sites.$inferSelect, 'id' | 'name' | 'subdomain'>;

/** The last step of any sign-in: the session row, and what the browser learns of it. */
export async function startSession(db: Db, user: UserRow, site: SiteRow, now: Date) {
  await db.update(siteUsers).set({ lastLoginAt: now }).where(eq(siteUsers.id, user.id));
  const { token, expiresAt } = await createSession(db, user.id, site.id, now);
  // The link belongs to the user (one employee at most); it counts only on that employee's own site.
  const [linked] = await db.select({ id: employees.id, siteId: employees.siteId }).from(employees).where(eq(employees.userId, user.id));
  const me: TMeResponse = {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      isAdmin: user.isAdmin,
      isReadOnly: user.isReadOnly,
      isStaff: user.isStaff,
      employeeId: linked && linked.siteId === site.id ? linked.id : null,
    },
    site: { id: site.id, name: site.name, subdomain: site.subdomain },
  };
  return { token, expiresAt, me };
}

/**
 * The code step: the ticket's account must still be active on a live site (either may have changed in
 * the minutes between the steps), then the session starts as after a password alone.
 */
export async function completeTwoFactorLogin(
  db: Db,
  input: { challenge: string; code: string },
  ctx: { ip: string; now: Date; guard: SignInGuard; secrets: TotpSecrets },
) {
  const ticket = await passChallenge(db, { token: input.challenge, code: input.code, kind: 'siteUser' }, ctx);
  const [row] = await db
    .select({ user: siteUsers, site: sites })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .where(and(eq(siteUsers.id, ticket.siteUserId ?? -1), eq(siteUsers.isActive, true)))
    .limit(1);
  // A password signs in to the user's own site only (login), so the ticket names that site.
  if (!row || row.site.id !== ticket.signInSiteId) throw new AppError('UNAUTHENTICATED', invalid);
  if (!row.site.isActive) throw new AppError('FORBIDDEN', siteSuspended);
  return startSession(db, row.user, row.site, ctx.now);
}

export async function describeSession(
  db: Db,
  session: Pick<Actor, 'siteId' | 'userId' | 'username' | 'email' | 'isAdmin' | 'isReadOnly' | 'isStaff' | 'employeeId'>,
): Promise<TMeResponse> {
  const [site] = await db
    .select({ id: sites.id, name: sites.name, subdomain: sites.subdomain })
    .from(sites)
    .where(inSite(session, sites.id));
  if (!site) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return {
    user: {
      id: session.userId,
      username: session.username,
      email: session.email,
      isAdmin: session.isAdmin,
      isReadOnly: session.isReadOnly,
      isStaff: session.isStaff,
      employeeId: session.employeeId,
    },
    site,
  };
}
