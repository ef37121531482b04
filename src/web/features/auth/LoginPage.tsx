import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ZLoginRequest } from '../../../shared/contracts/auth';
import { AuthCard } from '../../components/AuthCard';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useLogin } from './api';
import { MESSAGES } from '../../lib/messages';
import { describedBy } from '../../lib/described-by';

type LoginForm = z.input<typeof ZLoginRequest>;

export function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [showSite, setShowSite] = useState(false);
  const form = useForm<LoginForm>({ resolver: zodResolver(ZLoginRequest), defaultValues: { email: '', password: '', siteIdentifier: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await login.mutateAsync(values);
      navigate('/', { replace: true });
    } catch (err) {
      // The server's words for a refused sign-in; a network failure gets the spec's generic text.
      const message = err instanceof ApiError ? err.message : MESSAGES.auth.loginFailed;
      if (/site identifier/i.test(message)) setShowSite(true);
      setError(message);
    }
  });

  return (
    <AuthCard title="Sign in" subtitle="Sign in to your account">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="space-y-1">
          <Label htmlFor="email">Email</Label>
          <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email || !!error} aria-describedby={describedBy(errors.email && 'email-error', error && 'login-error')} {...form.register('email')} />
          <FieldError id="email-error" message={errors.email?.message} />
        </div>
        <div className="space-y-1">
          <div className="flex items-center justify-between">
            <Label htmlFor="password">Password</Label>
            <Link to="/forgot-password" className="text-xs text-link hover:underline">
              Forgot password?
            </Link>
          </div>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password || !!error}
            aria-describedby={describedBy(errors.password && 'password-error', error && 'login-error')}
            {...form.register('password')}
          />
          <FieldError id="password-error" message={errors.password?.message} />
        </div>
        {showSite ? (
          <div className="space-y-1">
            <Label htmlFor="siteIdentifier">Site identifier</Label>
            <Input id="siteIdentifier" autoComplete="organization" placeholder="e.g. acme" aria-invalid={!!errors.siteIdentifier} aria-describedby={describedBy(errors.siteIdentifier && 'siteIdentifier-error')} {...form.register('siteIdentifier')} />
            <FieldError id="siteIdentifier-error" message={errors.siteIdentifier?.message} />
          </div>
        ) : (
          <button type="button" className="text-xs text-muted-foreground hover:underline" onClick={() => setShowSite(true)}>
            Sign in to a specific site
          </button>
        )}
        {error ? (
          <p id="login-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full justify-center" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        No account yet?{' '}
        <Link to="/register" className="text-link underline underline-offset-2 hover:no-underline">
          Register your company
        </Link>
      </p>
    </AuthCard>
  );
}
