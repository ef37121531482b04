import {
  FORGOT_PASSWORD_ANSWER,
  ZForgotPasswordRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZResetTokenCheck,
  ZResetTokenQuery,
} from '../../../shared/contracts/accounts';
import { ZMessage } from '../../../shared/contracts/common';
import type { App, AppDeps } from '../../http/types';
import type { OutgoingMail } from '../../mail/mailer';
import { issueResetTokens, resetPassword, resetTokenWorks } from './password-reset';
import { consume, hashed, limitRequest } from '../../rate-limit/limiters';
import { signInGuard } from '../../rate-limit/login-limit';
import { registerBusiness } from './register';

const tooManyRegistrations = 'Too many registration attempts from this address. Please try again in an hour.';
const tooManyResets = 'Too many password reset requests from this address. Please try again later.';
const tooManyChecks = 'Too many links opened from this address. Please try again later.';

/** Spec §7: POST /auth/register, /auth/forgot-password and /auth/reset-password (signed out), and the link check. */
export function registerAccountRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  // Reset mails are sent after the answer, so an existing account does not answer measurably slower than
  // an unknown one. Sends still running when the app closes are awaited.
  const inFlight = new Set<Promise<void>>();
  const sendLater = (mail: OutgoingMail) => {
    const p = deps.mailer
      .send(mail)
      .catch((err) => app.log.error({ err }, 'password reset mail could not be queued'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  app.post(
    '/auth/register',
    { config: { access: 'public', refusals: [409, 429] }, schema: { body: ZRegisterRequest, response: { 201: ZRegisterResponse } } },
    async (req, reply) => {
      const now = deps.now();
      await limitRequest(req, app.rateLimits.registerPerAddress, req.ip, tooManyRegistrations);
      const { site } = await registerBusiness(db, req.body, now);
      return reply.status(201).send({ message: 'Registration successful', site: { name: site.name, subdomain: site.subdomain } });
    },
  );

  app.post(
    '/auth/forgot-password',
    { config: { access: 'public', refusals: [429] }, schema: { body: ZForgotPasswordRequest, response: { 200: ZMessage } } },
    async (req) => {
      const now = deps.now();
      await limitRequest(req, app.rateLimits.forgotPerAddress, req.ip, tooManyResets);
      // Past the per-e-mail limit the answer is the same and nothing is sent: no mail flood, no hint (nor in
      // the headers, which report the per-address limit only).
      if ((await consume(app.rateLimits.forgotPerEmail, hashed(req.body.email))).admitted) {
        const mails = await issueResetTokens(db, req.body.email, deps.config.appUrl, now);
        for (const mail of mails) sendLater({ ...mail, requestId: req.id });
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  // Opening a reset or invitation link asks first whether it still works (decision 114).
  app.get(
    '/auth/reset-password/check',
    { config: { access: 'public', refusals: [429] }, schema: { querystring: ZResetTokenQuery, response: { 200: ZResetTokenCheck } } },
    async (req) => {
      await limitRequest(req, app.rateLimits.resetCheckPerAddress, req.ip, tooManyChecks);
      return { valid: await resetTokenWorks(db, req.query.token.trim(), deps.now()) };
    },
  );

  app.post(
    '/auth/reset-password',
    { config: { access: 'public' }, schema: { body: ZResetPasswordRequest, response: { 200: ZMessage } } },
    async (req) => {
      await resetPassword(db, req.body.token, req.body.newPassword, deps.now(), signInGuard(req, db));
      return { message: 'Your password has been reset. You can now sign in with your new password.' };
    },
  );
}
