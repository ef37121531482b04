import type { ReactNode } from 'react';
import { FieldError, Label } from '../../components/ui/input';
import { PageLink } from '../../lib/signed-out-nav';

/** A labelled form field with an optional hint and its error. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The form-level error, announced to screen readers; nothing when there is no message. */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
      {message}
      {children}
    </div>
  );
}

/** A full-width button-styled link, for the success and invalid-link screens. */
export function ButtonLink({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: 'primary' | 'outline' }) {
  const look =
    variant === 'primary'
      ? 'bg-primary text-primary-foreground hover:bg-primary-hover'
      : 'border border-border bg-card text-foreground hover:bg-muted';
  return (
    <PageLink
      to={to}
      className={`inline-flex h-9 w-full items-center justify-center rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${look}`}
    >
      {children}
    </PageLink>
  );
}

export function BackToSignIn() {
  return (
    <p className="mt-6 text-center text-sm text-muted-foreground">
      <PageLink to="/login" className="text-link underline underline-offset-2 hover:no-underline">
        Back to Sign In
      </PageLink>
    </p>
  );
}
