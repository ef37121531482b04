import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ZRegisterRequest, type TRegisterResponse } from '../../../shared/contracts/accounts';
import { SUBDOMAIN_MAX } from '../../../shared/domain/subdomain';
import { PendingButton } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { AuthCard } from '../../components/AuthCard';
import { accountErrorMessage, registerCompany } from './api';
import { ButtonLink, Field, FormAlert } from './parts';
import { MESSAGES } from '../../lib/messages';
import { describedBy } from '../../lib/described-by';
import { PageLink } from '../../lib/signed-out-nav';
import { siteAddress } from './site-address';

type RegisterForm = z.input<typeof ZRegisterRequest>;
type RegisterValues = z.output<typeof ZRegisterRequest>;

const FAILED = MESSAGES.auth.registrationFailed;

/** A suggested identifier from the company name: "Bright Bakery Ltd." → "bright-bakery-ltd". */
export const suggestIdentifier = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SUBDOMAIN_MAX)
    .replace(/-+$/, '');

/** Spec §2 Register: Company Name, Site or Team Identifier, Email, Password, Confirm Password. */
export default function RegisterPage() {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ site: TRegisterResponse['site']; email: string } | null>(null);
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: { siteName: '', siteSubdomain: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const identifier = useWatch({ control: form.control, name: 'siteSubdomain' });
  const address = siteAddress(identifier || 'your-team', window.location.host);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await registerCompany(values);
      setDone({ site: res.site, email: values.email });
    } catch (err) {
      setError(accountErrorMessage(err, FAILED));
    }
  });

  if (done) {
    return (
      <AuthCard title="Registration successful">
        <div className="space-y-4 text-center text-sm">
          <CheckCircle2 className="mx-auto h-10 w-10 text-green-600 dark:text-green-400" aria-hidden />
          <p>
            <strong>{done.site.name}</strong> is ready, and its 14-day free trial has started.
          </p>
          <p className="text-muted-foreground">
            Sign in with <strong className="text-foreground">{done.email}</strong>. Your site identifier is{' '}
            <strong className="text-foreground">{done.site.subdomain}</strong>.
          </p>
          <ButtonLink to="/login">Go to Sign In</ButtonLink>
        </div>
      </AuthCard>
    );
  }

  const siteName = form.register('siteName', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      // Suggest an identifier until the user types one of their own.
      if (!dirtyFields.siteSubdomain) form.setValue('siteSubdomain', suggestIdentifier(e.target.value));
    },
  });

  return (
    <AuthCard title="Register your company" subtitle="Start a 14-day free trial">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="siteName" label="Company Name" error={errors.siteName?.message}>
          <Input
            id="siteName"
            autoComplete="organization"
            maxLength={100}
            aria-invalid={!!errors.siteName}
            aria-describedby={describedBy(errors.siteName && 'siteName-error')}
            {...siteName}
          />
        </Field>
        <Field
          id="siteSubdomain"
          label="Site or Team Identifier"
          error={errors.siteSubdomain?.message}
          hint={
            <>
              No spaces: lower-case letters, digits and hyphens.{' '}
              {address.kind === 'subdomain' ? (
                <>
                  Your address will be <span className="font-medium text-foreground">{address.host}</span>
                </>
              ) : (
                <>
                  Sign in at <span className="font-medium text-foreground">{address.host}</span> with this identifier.
                </>
              )}
            </>
          }
        >
          <Input
            id="siteSubdomain"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={SUBDOMAIN_MAX + 10}
            placeholder="e.g. acme"
            aria-invalid={!!errors.siteSubdomain}
            aria-describedby={errors.siteSubdomain ? 'siteSubdomain-error' : 'siteSubdomain-hint'}
            {...form.register('siteSubdomain')}
          />
        </Field>
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            aria-describedby={describedBy(errors.email && 'email-error')}
            {...form.register('email')}
          />
        </Field>
        <Field id="password" label="Password" error={errors.password?.message} hint="At least 6 characters.">
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'password-error' : 'password-hint'}
            {...form.register('password')}
          />
        </Field>
        <Field id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input
            id="confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword}
            aria-describedby={describedBy(errors.confirmPassword && 'confirmPassword-error')}
            {...form.register('confirmPassword')}
          />
        </Field>
        <FormAlert message={error} />
        <PendingButton type="submit" className="w-full justify-center" pending={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </PendingButton>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <PageLink to="/login" className="text-link underline underline-offset-2 hover:no-underline">
          Sign in
        </PageLink>
      </p>
    </AuthCard>
  );
}
