import { z } from 'zod';
import { zText } from './common';
import { normalisePassword } from '../domain/password';
import { normaliseSubdomain, subdomainMessages, subdomainProblem } from '../domain/subdomain';

/** Spec §9: password minimum 6 characters. */
export const PASSWORD_MIN = 6;
export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  tooLong: 'Password is too long',
  mismatch: "Passwords don't match",
  /** Checked on the server only (the list stays out of the browser bundle): decision 065. */
  common: 'This password is one of the most common passwords. Please choose a less common one.',
  personal: 'Password must not be your email address or site identifier',
  /** Decision 105: spaces and invisible characters around a password do not count. */
  blank: 'Password must not be only spaces',
  guessable: 'Password must not be Hoursight, your business name or the demo password',
} as const;

/**
 * A new password: the spec's minimum, counted once spaces and invisible characters are set aside as the
 * server does (`normalisePassword`, decision 105), so "  abc  " is as short as "abc".
 */
export const ZPassword = z
  .string({ message: passwordMessages.tooShort })
  .min(PASSWORD_MIN, passwordMessages.tooShort)
  .max(200, passwordMessages.tooLong)
  .superRefine((password, ctx) => {
    if (password.length < PASSWORD_MIN) return; // the minimum has said it
    const kept = normalisePassword(password);
    if (kept === '') ctx.addIssue({ code: 'custom', message: passwordMessages.blank });
    else if (kept.length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: passwordMessages.tooShort });
  });

/** An e-mail as typed: trimmed, lower-cased, then checked; `message` is the spec's wording for the form. */
export const ZEmailAddress = (message: string) =>
  z.string({ message }).trim().toLowerCase().pipe(z.email(message).max(255, 'Email address is too long'));

export const ZSubdomain = z
  .string({ message: subdomainMessages.required })
  .pipe(zText({ field: 'Site identifier' }))
  .transform(normaliseSubdomain)
  .superRefine((value, ctx) => {
    const problem = subdomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Spec §5: email, password, confirmPassword, siteName, siteSubdomain. The form's "Company Name" is sent as
 * siteName: it names the business, its first site and the site settings.
 */
export const ZRegisterRequest = z
  .object({
    siteName: zText({ field: 'Company name', message: 'Site name required' })
      .trim()
      .min(2, 'Site name required')
      .max(100, 'Company name must be at most 100 characters'),
    siteSubdomain: ZSubdomain,
    email: ZEmailAddress('Please enter a valid email address'),
    password: ZPassword,
    confirmPassword: z.string({ message: passwordMessages.mismatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: passwordMessages.mismatch, path: ['confirmPassword'] });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZRegisterResponse = z.object({
  message: z.string(),
  site: z.object({ name: z.string(), subdomain: z.string() }),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZForgotPasswordRequest = z.object({ email: ZEmailAddress('Please enter a valid email address') });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/** The one answer to every well-formed forgot-password request, whether or not the account exists. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email address, a password reset link has been sent. The link expires in 1 hour.';

export const INVALID_RESET_TOKEN = 'Invalid reset token';
export const INVALID_RESET_LINK = 'Invalid reset link. Please request a new password reset.';

/** What a reset or invitation link says when it is opened after it was used, replaced or let expire (decision 114). */
export const USED_RESET_LINK = 'This link has already been used or has expired. Ask for a new one to choose a password.';
export const USED_INVITE_LINK =
  'This invitation link has already been used or has expired. If you have set your password, sign in; otherwise ask for a new link.';

/** `GET /auth/reset-password/check?token=`: whether a reset or invitation link still works, before anyone types. */
export const ZResetTokenQuery = z.object({ token: z.string().max(200).default('') });
export const ZResetTokenCheck = z.object({ valid: z.boolean() });
export type TResetTokenCheck = z.infer<typeof ZResetTokenCheck>;

export const ZResetPasswordRequest = z.object({
  token: zText({ field: 'Reset token', message: INVALID_RESET_TOKEN }).trim().min(1, INVALID_RESET_TOKEN).max(200, INVALID_RESET_TOKEN),
  newPassword: ZPassword,
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** The reset form: both fields at least 6 characters and equal. */
export const ZResetPasswordForm = z
  .object({ newPassword: ZPassword, confirmPassword: ZPassword })
  .refine((v) => v.newPassword === v.confirmPassword, { message: passwordMessages.mismatch, path: ['confirmPassword'] });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** Spec §9: a reset link lasts one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
