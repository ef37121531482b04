import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZSuperAdminLoginRequest, type TSuperAdminLoginRequest } from '../../../shared/contracts/super-admin';
import { PendingButton } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { signIn, verifyTwoFactor } from './api';
import { TwoFactorCodeForm } from '../../components/TwoFactorCodeForm';
import { AdminApiError, signedOutReason } from './token';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Spec §5: super-admin login requires both fields. A separate door from the site's login. */
export function AdminLogin() {
  useDocumentTitle('Super Admin Login');
  const [error, setError] = useState<string | null>(signedOutReason());
  const form = useForm<TSuperAdminLoginRequest>({
    resolver: zodResolver(ZSuperAdminLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [challenge, setChallenge] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await signIn(values);
      if ('twoFactorRequired' in answer) setChallenge(answer.challenge);
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'Login failed. Please try again.');
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4 py-10 text-foreground">
      <div className="w-full max-w-sm rounded-xl border border-border bg-card p-6 shadow-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-2 flex h-10 w-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <ShieldCheck className="h-5 w-5" aria-hidden />
          </span>
          <p className="text-lg font-semibold">Hoursight</p>
          <h1 className="mt-3 text-xl font-semibold">Super Admin Login</h1>
          <p className="mt-1 text-sm text-muted-foreground">Platform administration across all businesses</p>
        </div>
        {challenge ? (
          <TwoFactorCodeForm
            verify={async (code) => {
              try {
                await verifyTwoFactor(challenge, code);
                return null;
              } catch (err) {
                return err instanceof AdminApiError ? err.message : 'Login failed. Please try again.';
              }
            }}
            onBack={() => setChallenge(null)}
          />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {error ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <div className="space-y-1.5">
              <Label htmlFor="sa-email">Email</Label>
              <Input id="sa-email" type="email" autoComplete="username" aria-invalid={!!errors.email} {...form.register('email')} />
              <FieldError message={errors.email?.message} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="sa-password">Password</Label>
              <Input
                id="sa-password"
                type="password"
                autoComplete="current-password"
                aria-invalid={!!errors.password}
                {...form.register('password')}
              />
              <FieldError message={errors.password?.message} />
            </div>
            <PendingButton type="submit" className="w-full justify-center" pending={isSubmitting}>
              {isSubmitting ? 'Signing in...' : 'Sign In'}
            </PendingButton>
          </form>
        )}
      </div>
    </main>
  );
}
