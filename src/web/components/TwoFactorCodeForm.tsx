import { useState, type FormEvent } from 'react';
import { PendingButton } from './ui/button';
import { Input, Label } from './ui/input';

/**
 * The second step of a sign-in with two-factor sign-in on (decision 065): the password was right, now a
 * code from the authenticator app or a recovery code. `verify` sends it and answers the error to show, if
 * any; the site login and the portal each pass their own.
 */
export function TwoFactorCodeForm({ verify, onBack }: { verify: (code: string) => Promise<string | null>; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (typed.length < 6) {
      setError('Enter the 6-digit code from your authenticator app or a recovery code');
      return;
    }
    setBusy(true);
    setError(await verify(typed));
    setBusy(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.
      </p>
      <div className="space-y-1">
        <Label htmlFor="two-factor-code">Authentication code</Label>
        <Input
          id="two-factor-code"
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? 'two-factor-error' : undefined}
        />
      </div>
      {error ? (
        <p
          id="two-factor-error"
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
      <PendingButton type="submit" className="w-full justify-center" pending={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </PendingButton>
      <button type="button" className="w-full text-center text-xs text-muted-foreground hover:underline" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
