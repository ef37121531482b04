import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZForgotPasswordRequest } from '../../../shared/contracts/accounts';
import { PendingButton } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard } from '../../components/AuthCard';
import { accountErrorMessage, requestPasswordReset } from './api';
import { BackToSignIn, ButtonLink, Field, FormAlert } from './parts';
import { MESSAGES } from '../../lib/messages';

type ForgotForm = z.input<typeof ZForgotPasswordRequest>;
type ForgotValues = z.output<typeof ZForgotPasswordRequest>;

/** Spec §2 Forgot password: one e-mail field; the confirmation never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotForm, unknown, ForgotValues>({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await requestPasswordReset(values);
      setSentTo(values.email);
    } catch (err) {
      setError(accountErrorMessage(err, MESSAGES.auth.resetEmailFailed, MESSAGES.auth.forgotNetwork));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <div className="space-y-4 text-center text-sm">
          <MailCheck className="mx-auto h-10 w-10 text-primary" aria-hidden />
          <p role="status">
            If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password.
          </p>
          <p className="text-muted-foreground">
            The link expires in 1 hour. Check your spam folder if it does not arrive in a few minutes.
          </p>
          <ButtonLink to="/login">Back to Sign In</ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email and we'll send you a link to reset your password.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
        </Field>
        <FormAlert message={error} />
        <PendingButton type="submit" className="w-full justify-center" pending={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </PendingButton>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
