import type { TLoginRequest } from '../../../shared/contracts/auth';

/**
 * The sign-in form's own checks, the same rules and words as `ZLoginRequest` (shared/contracts/auth.ts)
 * without zod, so the sign-in page loads neither zod nor react-hook-form (decision 047). The server still
 * parses the request with the contract; login-form.test.ts holds the two to the same answers.
 */
export type LoginField = 'email' | 'password' | 'siteIdentifier';
export type LoginValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The same test as zod's `z.email()`. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** C0 controls and DEL, as `zText` refuses them in a single-line field. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;

export function checkLogin(values: LoginValues): { ok: true; body: TLoginRequest } | { ok: false; errors: LoginErrors } {
  const errors: LoginErrors = {};
  const email = values.email.trim().toLowerCase();
  if (!EMAIL.test(email)) errors.email = 'Please enter a valid email';
  if (values.password.length < 1) errors.password = 'Password is required';
  else if (values.password.length > 200) errors.password = 'Password is too long';
  let siteIdentifier: string | undefined;
  if (CONTROL_IN_LINE.test(values.siteIdentifier)) errors.siteIdentifier = 'Site identifier must not contain control characters';
  else {
    const site = values.siteIdentifier.trim().toLowerCase();
    if (site !== '') {
      if (site.length < 2) errors.siteIdentifier = 'Site identifier required';
      else if (site.length > 50) errors.siteIdentifier = 'Site identifier is too long';
      else siteIdentifier = site;
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: { email, password: values.password, siteIdentifier } };
}
