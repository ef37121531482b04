import { z } from 'zod';

/** Two-factor sign-in (TOTP) for super-admins and, as an option, site admins: decision 065. */
export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  invalidCode: 'Invalid code. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in step has expired. Please sign in again.',
  alreadyOn: 'Two-factor sign-in is already on',
  notStarted: 'No set-up is in progress. Start the set-up again.',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  proofRequired: 'Enter your current password or a code to turn two-factor sign-in off',
  wrongProof: 'Wrong password or code',
} as const;

/** A 6-digit app code or a recovery code (xxxxx-xxxxx); spaces and case are forgiven. */
export const ZTwoFactorCode = z
  .string({ message: twoFactorMessages.codeRequired })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(6, twoFactorMessages.codeRequired).max(20, twoFactorMessages.invalidCode));

/** The password step's answer when a code is still needed: no session yet, only this ticket. */
export const ZTwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

export const ZTwoFactorLoginRequest = z.object({
  challenge: z
    .string({ message: twoFactorMessages.challengeExpired })
    .min(1, twoFactorMessages.challengeExpired)
    .max(200, twoFactorMessages.challengeExpired),
  code: ZTwoFactorCode,
});
export type TTwoFactorLoginRequest = z.input<typeof ZTwoFactorLoginRequest>;

export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** Set-up: the secret as text, the otpauth:// URI and the same as a QR code (PNG data URL). */
export const ZTwoFactorSetup = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorEnableRequest = z.object({ code: ZTwoFactorCode });
export type TTwoFactorEnableRequest = z.input<typeof ZTwoFactorEnableRequest>;
export const ZTwoFactorEnabled = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type TTwoFactorEnabled = z.infer<typeof ZTwoFactorEnabled>;

export const ZTwoFactorDisableRequest = z
  .object({
    password: z.string().max(200, 'Password is too long').optional(),
    code: z.string().max(40, twoFactorMessages.invalidCode).optional(),
  })
  .refine((v) => !!v.password || !!v.code?.trim(), { message: twoFactorMessages.proofRequired });
export type TTwoFactorDisableRequest = z.input<typeof ZTwoFactorDisableRequest>;
