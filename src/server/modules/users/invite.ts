import { and, eq } from 'drizzle-orm';
import { userMessages, type TSiteUser } from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { employees, sites, siteUsers } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { assertOutsideBudget } from '../../mail/quota';
import { setEmployeeLink } from './employee-link';
import { inviteLink, inviteMail } from './invite-mail';
import { INVITED_PASSWORD_HASH, isInvited } from './invited';
import { freeUsername, siteUserView } from './service';

/** An invitation link lasts three days: long enough for someone who reads mail weekly-ish, short enough to die unused. */
export const INVITE_TOKEN_TTL_MS = 72 * 60 * 60 * 1000;

interface InviteContext {
  mailer: Mailer;
  appUrl: string;
  now: Date;
  requestId: string;
}

/**
 * Invites the employee to sign in (decision 091): a Staff user of the admin's current site with this e-mail,
 * linked to the employee, with no password until they choose one through the mailed link (the reset page and
 * its rules, 72 hours, once). Inviting again, while the user has not chosen a password, sends a fresh link
 * (the old one dies with its stored hash) and may correct the address. The user, the link and the mail are
 * one transaction with the site's mail budget (decision 064): an invitation counts as one outside address,
 * since nobody has yet shown that the address is the employee's.
 */
export async function inviteEmployee(db: Db, actor: Actor, employeeId: number, email: string, ctx: InviteContext): Promise<TSiteUser> {
  const [employee] = await db
    .select({ id: employees.id, name: employees.name, userId: employees.userId })
    .from(employees)
    .where(and(inSite(actor, employees.siteId), eq(employees.id, employeeId)))
    .limit(1);
  if (!employee) throw new AppError('NOT_FOUND', userMessages.employeeNotFound);
  const [site] = await db.select({ name: sites.name, subdomain: sites.subdomain }).from(sites).where(inSite(actor, sites.id));
  // The inviter by the name the product gives people (decision 114): their linked employee's, else their user name.
  const [inviter] = await db.select({ name: employees.name }).from(employees).where(eq(employees.userId, actor.userId)).limit(1);
  const token = newToken();
  const link = { resetToken: hashToken(token), resetTokenExpires: new Date(ctx.now.getTime() + INVITE_TOKEN_TTL_MS) };
  const mail = inviteMail(
    {
      to: email,
      employeeName: employee.name,
      siteName: site?.name ?? '',
      subdomain: site?.subdomain ?? '',
      invitedBy: inviter?.name ?? actor.username,
    },
    inviteLink(ctx.appUrl, token),
  );
  let userId = 0;
  const writeUser = async (tx: Db) => {
    await assertOutsideBudget(tx, actor.siteId, 1, ctx.now, true);
    const [sameEmail] = await tx
      .select({ id: siteUsers.id })
      .from(siteUsers)
      .where(and(inSite(actor, siteUsers.siteId), eq(siteUsers.email, email)))
      .limit(1);
    if (employee.userId !== null) {
      const [linked] = await tx
        .select()
        .from(siteUsers)
        .where(and(inSite(actor, siteUsers.siteId), eq(siteUsers.id, employee.userId)))
        .limit(1);
      if (!linked || !isInvited(linked.passwordHash))
        throw new AppError('CONFLICT', userMessages.inviteLinked(employee.name, linked?.email ?? 'another user'));
      if (!linked.isActive) throw new AppError('CONFLICT', userMessages.inviteInactive(linked.email));
      if (sameEmail && sameEmail.id !== linked.id) throw new AppError('CONFLICT', userMessages.inviteEmailTaken(email));
      await tx
        .update(siteUsers)
        .set({ email, ...link })
        .where(and(inSite(actor, siteUsers.siteId), eq(siteUsers.id, linked.id)));
      userId = linked.id;
      return;
    }
    if (sameEmail) throw new AppError('CONFLICT', userMessages.inviteEmailTaken(email));
    const [row] = await tx
      .insert(siteUsers)
      .values({
        siteId: actor.siteId,
        email,
        username: await freeUsername(tx, actor, email),
        passwordHash: INVITED_PASSWORD_HASH,
        isAdmin: false,
        isReadOnly: true,
        isStaff: true,
        ...link,
      })
      .returning({ id: siteUsers.id, siteId: siteUsers.siteId });
    await setEmployeeLink(tx, actor, row, employee.id);
    userId = row.id;
  };
  try {
    await ctx.mailer.send({ ...mail, requestId: ctx.requestId, siteId: actor.siteId, outsideRecipients: 1 }, writeUser);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', userMessages.inviteEmailTaken(email));
    throw err;
  }
  return siteUserView(db, actor, userId);
}
