import { Copy, ExternalLink, KeyRound, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  apiTokenMessages,
  API_TOKEN_NAME_MAX,
  type TApiTokenCreated,
  type TApiTokenScope,
  type TApiTokenView,
} from '../../../../shared/contracts/api-tokens';
import { Badge } from '../../../components/ui/badge';
import { Button, PendingButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Label } from '../../../components/ui/input';
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { Section } from '../parts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api';
import { apiTokenTexts as T } from './messages';
import { formatDateTime } from '../../../../shared/format';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : T.never);

/** Settings → API Tokens (decision 040): admins create, see once, list and revoke the site's tokens. */
export function ApiTokensSection() {
  const list = useApiTokens();
  const [revoking, setRevoking] = useState<TApiTokenView | null>(null);
  const [created, setCreated] = useState<TApiTokenCreated | null>(null);
  const revoke = useRevokeApiToken();
  const tokens = list.data?.tokens ?? [];

  return (
    <Section
      id="api-tokens-heading"
      title={T.title}
      description={
        <>
          {T.description}{' '}
          <a
            href="/api/docs/"
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-link hover:underline"
          >
            {T.reference}
            <ExternalLink className="h-3 w-3" aria-hidden />
          </a>
        </>
      }
    >
      {list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {T.loadFailed}
        </p>
      ) : null}
      {list.isSuccess && !list.data.planAllows ? (
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm">
          {apiTokenMessages.planWithoutApi}{' '}
          <Link to="/subscription" className="font-medium text-link hover:underline">
            {T.upgrade}
          </Link>
        </p>
      ) : null}
      {list.isSuccess && list.data.planAllows ? (
        created ? (
          <NewToken token={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateForm onCreated={setCreated} />
        )
      ) : null}

      {tokens.length > 0 || list.data?.planAllows ? (
        <div className="mt-4">
          <Table aria-label={T.listLabel}>
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Access</Th>
                <Th className="hidden sm:table-cell">Token</Th>
                <Th className="hidden md:table-cell">Created by</Th>
                <Th>Last used</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {list.isSuccess && tokens.length === 0 ? <EmptyRow colSpan={6} text={T.empty} /> : null}
              {tokens.map((t) => (
                <Tr key={t.id}>
                  <Td className="max-w-48 truncate font-medium">{t.name}</Td>
                  <Td className="whitespace-nowrap">
                    <Badge tone={t.scope === 'write' ? 'amber' : 'blue'}>{t.scope === 'write' ? T.readWrite : T.readOnly}</Badge>
                  </Td>
                  <Td className="hidden font-mono text-xs sm:table-cell">{t.prefix}…</Td>
                  <Td className="hidden md:table-cell">{t.createdBy}</Td>
                  <Td className="whitespace-nowrap">{when(t.lastUsedAt)}</Td>
                  <Td className="text-right">
                    <Button variant="ghost" size="icon" aria-label={`Revoke ${t.name}`} onClick={() => setRevoking(t)}>
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      ) : null}

      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={T.revokeTitle}
        description={T.revokeDescription(revoking?.name ?? '')}
        confirmText={T.revoke}
        destructive
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
      />
    </Section>
  );
}

function CreateForm({ onCreated }: { onCreated: (t: TApiTokenCreated) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TApiTokenScope>('read');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiToken();
  const submit = () => {
    if (!name.trim()) return setError(apiTokenMessages.name);
    setError(null);
    create.mutate({ name: name.trim(), scope }, { onSuccess: onCreated });
  };
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid min-w-48 flex-1 gap-1.5">
        <Label htmlFor="api-token-name">{T.nameLabel}</Label>
        <Input
          id="api-token-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={API_TOKEN_NAME_MAX}
          placeholder={T.namePlaceholder}
          aria-invalid={!!error}
          aria-describedby={error ? 'api-token-name-error' : undefined}
        />
        {error ? (
          <p id="api-token-name-error" className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{T.scopeLegend}</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['read', T.readOnly],
              ['write', T.readWrite],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex h-9 cursor-pointer items-center gap-2 rounded-md border border-border px-3 text-sm has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="api-token-scope"
                checked={scope === value}
                onChange={() => setScope(value)}
                className="h-4 w-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <PendingButton type="submit" pending={create.isPending}>
        <KeyRound className="h-4 w-4" aria-hidden />
        {create.isPending ? T.creating : T.create}
      </PendingButton>
    </form>
  );
}

/** The token, once: copied with a button (or selected by hand where the clipboard is not offered). */
function NewToken({ token, onDone }: { token: TApiTokenCreated; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      toast({ title: T.copied, variant: 'success' });
    } catch {
      input.current?.select();
      toast({ title: T.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <div role="status" className="rounded-md border border-amber-500/60 bg-amber-50 p-3 dark:bg-amber-950/40">
      <p className="text-sm font-medium">{T.showOnce}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Label htmlFor="api-token-value" className="sr-only">
          {T.tokenLabel}
        </Label>
        <Input
          id="api-token-value"
          ref={input}
          readOnly
          value={token.token}
          onFocus={(e) => e.target.select()}
          className="min-w-0 flex-1 font-mono text-xs"
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {T.copy}
        </Button>
        <Button onClick={onDone}>{T.done}</Button>
      </div>
    </div>
  );
}
