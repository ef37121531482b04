import { useEffect, useState, type FormEvent } from 'react';
import type {
  TTwoFactorDisableRequest,
  TTwoFactorEnabled,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '../../shared/contracts/auth-two-factor';
import { Button, PendingButton } from './ui/button';
import { Input, Label } from './ui/input';

/** The calls behind the panel: the site's (cookie) or the portal's (bearer token). Each rejects with the server's message. */
export interface TwoFactorCalls {
  status: () => Promise<TTwoFactorStatus>;
  setup: () => Promise<TTwoFactorSetup>;
  enable: (code: string) => Promise<TTwoFactorEnabled>;
  disable: (body: TTwoFactorDisableRequest) => Promise<{ message: string }>;
}

type Stage = { kind: 'status' } | { kind: 'setup'; setup: TTwoFactorSetup } | { kind: 'codes'; codes: string[] };
const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');
const alertClass = 'rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200';

/**
 * "Two-factor sign-in" (decision 065): set up with a QR code (or the key typed in), confirm with a first
 * code, keep the 10 recovery codes shown once, turn off with the password or a code.
 */
export function TwoFactorPanel({ calls }: { calls: TwoFactorCalls }) {
  const [status, setStatus] = useState<TTwoFactorStatus | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  const reload = () => calls.status().then(setStatus, (err: unknown) => setError(messageOf(err)));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once; each action reloads it
  useEffect(() => void reload(), []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const startSetup = () => run(async () => setStage({ kind: 'setup', setup: await calls.setup() }));
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { recoveryCodes } = await calls.enable(code);
      setCode('');
      setStage({ kind: 'codes', codes: recoveryCodes });
      await reload();
    });
  };
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await calls.disable(password ? { password } : { code });
      setPassword('');
      setCode('');
      await reload();
    });
  };

  const errorLine = error ? (
    <p role="alert" className={alertClass}>
      {error}
    </p>
  ) : null;

  if (stage.kind === 'codes') {
    return (
      <div className="space-y-3">
        <p className="text-sm font-medium">Two-factor sign-in is on. Save your recovery codes.</p>
        <p className="text-sm text-muted-foreground">
          Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.
        </p>
        <ul
          aria-label="Recovery codes"
          className="grid grid-cols-2 gap-2 rounded-md border border-border bg-muted/40 p-3 font-mono text-sm"
        >
          {stage.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(stage.codes.join('\n'))}>
            Copy codes
          </Button>
          <Button onClick={() => setStage({ kind: 'status' })}>Done</Button>
        </div>
      </div>
    );
  }

  if (stage.kind === 'setup') {
    const { qrCode, secret } = stage.setup;
    return (
      <form onSubmit={confirm} noValidate className="space-y-3">
        <p className="text-sm">
          Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).
        </p>
        <img
          src={qrCode}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="rounded-md border border-border bg-white"
        />
        <p className="text-sm text-muted-foreground">
          Can’t scan it? Enter this key in the app:{' '}
          <code className="break-all font-mono text-foreground">{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </p>
        <div className="max-w-xs space-y-1">
          <Label htmlFor="two-factor-confirm">Code from the app</Label>
          <Input
            id="two-factor-confirm"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        {errorLine}
        <div className="flex flex-wrap gap-2">
          <PendingButton type="submit" pending={busy} unavailable={code.trim().length < 6}>
            {busy ? 'Turning on...' : 'Turn on'}
          </PendingButton>
          <Button variant="outline" onClick={() => setStage({ kind: 'status' })}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  if (!status) return errorLine ?? <p className="text-sm text-muted-foreground">Loading...</p>;
  if (!status.enabled) {
    return (
      <div className="space-y-3">
        <p className="text-sm">
          Two-factor sign-in is off. Turn it on to be asked for a code from an authenticator app after your password.
        </p>
        {errorLine}
        <PendingButton onClick={() => void startSetup()} pending={busy}>
          Set up two-factor sign-in
        </PendingButton>
      </div>
    );
  }
  return (
    <form onSubmit={turnOff} noValidate className="space-y-3">
      <p className="text-sm">Two-factor sign-in is on. {status.recoveryCodesLeft} of 10 recovery codes left.</p>
      <p className="text-sm text-muted-foreground">To turn it off, enter your current password or a code.</p>
      <div className="grid max-w-xl gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="two-factor-off-password">Current password</Label>
          <Input
            id="two-factor-off-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="two-factor-off-code">Or a code</Label>
          <Input id="two-factor-off-code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
      </div>
      {errorLine}
      <PendingButton type="submit" variant="destructive" pending={busy} unavailable={!password && !code.trim()}>
        {busy ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </PendingButton>
    </form>
  );
}
