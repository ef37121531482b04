import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { AuthCard } from '../../components/AuthCard';
import { PendingButton } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { signIn, verifyTwoFactor } from './api';
import { MESSAGES } from '../../lib/messages';
import { describedBy } from '../../lib/described-by';
import { PageLink, useSignedOutNav } from '../../lib/signed-out-nav';
import { checkLogin, type LoginErrors, type LoginField, type LoginValues } from './login-form';

const FIELDS: LoginField[] = ['email', 'password', 'siteIdentifier'];
// Only accounts with two-factor sign-in see the code step: its code loads then, outside the sign-in page's budget.
const TwoFactorCodeForm = lazy(() => import('../../components/TwoFactorCodeForm').then((m) => ({ default: m.TwoFactorCodeForm })));

export default function LoginPage() {
  const nav = useSignedOutNav();
  const [error, setError] = useState<string | null>(null);
  const [showSite, setShowSite] = useState(false);
  // A plain form with the contract's checks (login-form.ts): checked on submit, then again on each change
  // once submitted, the first wrong field focused, as react-hook-form did before (decision 047).
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', siteIdentifier: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Set once the password was right for an account with two-factor sign-in: the code step shows.
  const [challenge, setChallenge] = useState<string | null>(null);

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) {
        const checked = checkLogin(next);
        setErrors(checked.ok ? {} : checked.errors);
      }
    },
  });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const checked = checkLogin(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Each input's id is its field name; a hidden site field is skipped.
      const first = FIELDS.map((f) => (checked.errors[f] ? document.getElementById(f) : null)).find((el) => el);
      first?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    setError(null);
    try {
      const answer = await signIn(checked.body);
      if ('twoFactorRequired' in answer) setChallenge(answer.challenge);
      else await nav.signedIn(answer);
    } catch (err) {
      // The server's words for a refused sign-in; a network failure gets the spec's generic text.
      const message = err instanceof ApiError ? err.message : MESSAGES.auth.loginFailed;
      if (/site identifier/i.test(message)) setShowSite(true);
      setError(message);
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge) {
    const verify = async (code: string) => {
      try {
        await nav.signedIn(await verifyTwoFactor(challenge, code));
        return null;
      } catch (err) {
        return err instanceof ApiError ? err.message : MESSAGES.auth.loginFailed;
      }
    };
    return (
      <AuthCard title="Two-factor sign-in" subtitle="One more step to sign in">
        <Suspense fallback={<p className="text-center text-sm text-muted-foreground">Loading...</p>}>
          <TwoFactorCodeForm verify={verify} onBack={() => setChallenge(null)} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" subtitle="Sign in to your account">
      <form onSubmit={onSubmit} onFocus={nav.prefetchSignedIn} noValidate className="space-y-4">
        <div className="space-y-1">
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email || !!error}
            aria-describedby={describedBy(errors.email && 'email-error', error && 'login-error')}
            {...field('email')}
          />
          <FieldError id="email-error" message={errors.email} />
        </div>
        <div className="space-y-1">
          <div className="flex items-center justify-between">
            <Label htmlFor="password">Password</Label>
            <PageLink to="/forgot-password" className="text-xs text-link hover:underline">
              Forgot password?
            </PageLink>
          </div>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password || !!error}
            aria-describedby={describedBy(errors.password && 'password-error', error && 'login-error')}
            {...field('password')}
          />
          <FieldError id="password-error" message={errors.password} />
        </div>
        {showSite ? (
          <div className="space-y-1">
            <Label htmlFor="siteIdentifier">Site identifier</Label>
            <Input
              id="siteIdentifier"
              autoComplete="organization"
              placeholder="e.g. acme"
              aria-invalid={!!errors.siteIdentifier}
              aria-describedby={describedBy(errors.siteIdentifier && 'siteIdentifier-error')}
              {...field('siteIdentifier')}
            />
            <FieldError id="siteIdentifier-error" message={errors.siteIdentifier} />
          </div>
        ) : (
          <button type="button" className="text-xs text-muted-foreground hover:underline" onClick={() => setShowSite(true)}>
            Sign in to a specific site
          </button>
        )}
        {error ? (
          <p
            id="login-error"
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </p>
        ) : null}
        <PendingButton type="submit" className="w-full justify-center" pending={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </PendingButton>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        No account yet?{' '}
        <PageLink to="/register" className="text-link underline underline-offset-2 hover:no-underline">
          Register your company
        </PageLink>
      </p>
    </AuthCard>
  );
}
