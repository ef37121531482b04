import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Unlink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  INVALID_RESET_LINK,
  INVALID_RESET_TOKEN,
  USED_INVITE_LINK,
  USED_RESET_LINK,
  ZResetPasswordForm,
} from '../../../shared/contracts/accounts';
import { PendingButton } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard } from '../../components/AuthCard';
import { accountErrorMessage, checkResetLink, resetPassword } from './api';
import { BackToSignIn, ButtonLink, Field, FormAlert } from './parts';
import { MESSAGES } from '../../lib/messages';
import { PageLink, useSignedOutNav } from '../../lib/signed-out-nav';

type ResetForm = z.input<typeof ZResetPasswordForm>;
type ResetValues = z.output<typeof ZResetPasswordForm>;

function InvalidLink() {
  return (
    <AuthCard title="Invalid reset link">
      <div className="space-y-4 text-center text-sm">
        <Unlink className="mx-auto h-10 w-10 text-amber-500" aria-hidden />
        <p role="alert">{INVALID_RESET_LINK}</p>
        <ButtonLink to="/forgot-password">Request a new link</ButtonLink>
      </div>
      <BackToSignIn />
    </AuthCard>
  );
}

/** A link opened after it was used, replaced or let expire: said at once, with the way to a new one (decision 114). */
function UsedLink({ invited }: { invited: boolean }) {
  return (
    <AuthCard title={invited ? 'Invitation link already used' : 'Reset link already used'}>
      <div className="space-y-4 text-center text-sm">
        <Unlink className="mx-auto h-10 w-10 text-amber-500" aria-hidden />
        <p role="alert">{invited ? USED_INVITE_LINK : USED_RESET_LINK}</p>
        <ButtonLink to="/forgot-password">Request a new link</ButtonLink>
      </div>
      <BackToSignIn />
    </AuthCard>
  );
}

/**
 * Spec §2 Reset password: reads ?token; new and confirm password; an invalid-link screen without a token.
 * An invitation (decision 091) uses the same page and rules, worded for a first password (`&invite=1`). A link that
 * no longer works says so as the page opens (decision 114).
 */
export default function ResetPasswordPage() {
  const query = new URLSearchParams(useSignedOutNav().search);
  const token = query.get('token')?.trim() ?? '';
  const invited = query.get('invite') === '1';
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // Asked once when the page opens: a used link says so before anyone types (decision 114). Until the answer, and
  // when no answer comes, the form shows as before and the submit says what the server says.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (!token) return;
    let live = true;
    checkResetLink(token).then(
      (r) => {
        if (live && !r.valid) setUsed(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);
  const form = useForm<ResetForm, unknown, ResetValues>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword({ token, newPassword: values.newPassword });
      setDone(true);
    } catch (err) {
      setError(accountErrorMessage(err, MESSAGES.auth.resetFailed, MESSAGES.auth.resetNetwork));
    }
  });

  if (!token) return <InvalidLink />;
  if (used && !done) return <UsedLink invited={invited} />;

  if (done) {
    return (
      <AuthCard title={invited ? 'Password set' : 'Password reset'}>
        <div className="space-y-4 text-center text-sm">
          <CheckCircle2 className="mx-auto h-10 w-10 text-green-600 dark:text-green-400" aria-hidden />
          <p role="status">
            {invited
              ? 'Your password is set. Sign in with your e-mail address and this password.'
              : 'Your password has been changed. Sign in with your new password.'}
          </p>
          <ButtonLink to="/login">Go to Sign In</ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={invited ? 'Set your password' : 'Reset password'}
      subtitle={invited ? 'Choose the password you will sign in with.' : 'Choose a new password for your account.'}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="newPassword" label="New Password" error={errors.newPassword?.message} hint="At least 6 characters.">
          <Input
            id="newPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.newPassword}
            {...form.register('newPassword')}
          />
        </Field>
        <Field id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input
            id="confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
        </Field>
        <FormAlert message={error}>
          {error === INVALID_RESET_TOKEN ? (
            <>
              {'. '}
              <PageLink to="/forgot-password" className="font-medium underline">
                {invited ? 'Request a new link (or ask for a new invitation)' : 'Request a new link'}
              </PageLink>
            </>
          ) : null}
        </FormAlert>
        <PendingButton type="submit" className="w-full justify-center" pending={isSubmitting}>
          {isSubmitting ? (invited ? 'Saving...' : 'Resetting...') : invited ? 'Set password' : 'Reset password'}
        </PendingButton>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
