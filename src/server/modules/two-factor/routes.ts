import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import {
  twoFactorMessages,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnabled,
  ZTwoFactorEnableRequest,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '../../../shared/contracts/auth-two-factor';
import { ZMessage } from '../../../shared/contracts/common';
import { AppError } from '../../../shared/errors';
import { checkPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import type { App } from '../../http/types';
import { beginLoginAttempt, loginSucceeded, signInGuard } from '../../rate-limit/login-limit';
import type { TotpSecrets } from './secret-keys';
import { checkSecondFactor, confirmEnrolment, removeTwoFactor, startEnrolment, twoFactorStatus, type TwoFactorOwner } from './store';

/** Who is asking, as each kind of sign-in knows it: the account, its label in the app, its password hash. */
export interface TwoFactorAccount {
  owner: TwoFactorOwner;
  /** Shown in the authenticator app under "Hoursight". */
  label: string;
  passwordHash: () => Promise<string | undefined>;
}

/**
 * The same four routes for a site admin (`/api/auth/two-factor`) and a super-admin
 * (`/api/super-admin/two-factor`): status, set-up (secret and QR code), enable with a first code (answers
 * the recovery codes) and disable with the current password or a code (decision 065).
 */
export function registerTwoFactorRoutes(
  app: App,
  opts: {
    db: Db;
    base: string;
    config: FastifyContextConfig;
    now: () => Date;
    account: (req: FastifyRequest) => Promise<TwoFactorAccount>;
    /** Seals the secrets at rest (decision 105). */
    secrets: TotpSecrets;
  },
) {
  const { db, base, config, now, secrets } = opts;

  app.get(base, { config, schema: { response: { 200: ZTwoFactorStatus } } }, async (req) =>
    twoFactorStatus(db, (await opts.account(req)).owner),
  );

  app.post(`${base}/setup`, { config, schema: { response: { 200: ZTwoFactorSetup } } }, async (req) => {
    const { owner, label } = await opts.account(req);
    return startEnrolment(db, secrets, owner, label);
  });

  app.post(`${base}/enable`, { config, schema: { body: ZTwoFactorEnableRequest, response: { 200: ZTwoFactorEnabled } } }, async (req) => {
    const { owner } = await opts.account(req);
    const recoveryCodes = await confirmEnrolment(db, secrets, owner, req.body.code, now());
    return { message: twoFactorMessages.enabled, recoveryCodes };
  });

  app.post(`${base}/disable`, { config, schema: { body: ZTwoFactorDisableRequest, response: { 200: ZMessage } } }, async (req) => {
    const account = await opts.account(req);
    const at = now();
    const key =
      'siteUserId' in account.owner ? `2fa-off:user:${account.owner.siteUserId}` : `2fa-off:super-admin:${account.owner.superAdminId}`;
    // Counted like sign-in attempts: a stolen session cannot guess its way to turning the second factor off.
    const guard = signInGuard(req, db);
    const attempt = await beginLoginAttempt(guard, { account: key, ip: req.ip, now: at });
    const { password, code } = req.body;
    const hash = password ? await account.passwordHash() : undefined;
    const proven = password
      ? !!hash && (await checkPassword(hash, password)).ok
      : await checkSecondFactor(db, secrets, account.owner, code!.replace(/\s+/g, '').toLowerCase(), at);
    if (!proven) throw new AppError('BAD_REQUEST', twoFactorMessages.wrongProof);
    await loginSucceeded(guard, attempt);
    await removeTwoFactor(db, account.owner);
    return { message: twoFactorMessages.disabled };
  });
}
