import { useId, useState, type FormEvent } from 'react';
import { parseRecipients } from '../../../shared/contracts/reports';
import { Button, PendingButton } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { recipientMsg as m } from './messages';
import { RecipientListManager } from './RecipientListManager';
import { useCreateRecipientList, useRecipientLists } from './recipient-api';

interface Props {
  /** The addresses field's text, semicolon-separated. */
  addresses: string;
  onPick: (addresses: string) => void;
  disabled?: boolean;
}

const selectClass =
  'h-8 w-full min-w-0 rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 sm:w-64';

/**
 * Saved recipients under an addresses field (decision 082): pick the last used or a named list to fill
 * the field, save what the field holds as a named list, and rename or delete lists in place.
 */
export function RecipientPicker({ addresses, onPick, disabled }: Props) {
  const id = useId();
  const { data } = useRecipientLists();
  const create = useCreateRecipientList();
  const [mode, setMode] = useState<'idle' | 'save' | 'manage'>('idle');
  const [name, setName] = useState('');
  const lists = data?.lists ?? [];
  const hasAny = lists.length > 0 || !!data?.lastUsed;

  /** The field's addresses as the server will keep them, or null after saying what is wrong. */
  const current = (title: string): string[] | null => {
    const parsed = parseRecipients(addresses);
    if (!parsed.error) return parsed.addresses;
    toast({ title, description: parsed.error, variant: 'destructive' });
    return null;
  };

  const pick = (value: string) => {
    const chosen = value === 'last' ? data?.lastUsed?.addresses : lists.find((l) => String(l.id) === value)?.addresses;
    if (chosen) onPick(chosen.join('; '));
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const list = current(m.saveFailed);
    if (!list) return;
    // Only the save form closes: a user who opened Manage lists meanwhile keeps it open.
    create.mutate({ name, addresses: list }, { onSuccess: () => (setMode((now) => (now === 'save' ? 'idle' : now)), setName('')) });
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {hasAny ? (
          <>
            <Label htmlFor={`${id}-pick`} className="sr-only">
              {m.picker}
            </Label>
            <select id={`${id}-pick`} value="" onChange={(e) => pick(e.target.value)} disabled={disabled} className={selectClass}>
              <option value="">{m.choose}</option>
              {data?.lastUsed ? <option value="last">{m.lastUsed(data.lastUsed.addresses.length)}</option> : null}
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {m.option(l.name, l.addresses.length)}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          onClick={() => setMode(mode === 'save' ? 'idle' : 'save')}
          disabled={disabled || addresses.trim() === ''}
          aria-expanded={mode === 'save'}
        >
          {m.saveAs}
        </Button>
        {lists.length > 0 ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setMode(mode === 'manage' ? 'idle' : 'manage')}
            aria-expanded={mode === 'manage'}
          >
            {m.manage}
          </Button>
        ) : null}
      </div>
      {mode === 'save' ? (
        <form onSubmit={save} className="flex max-w-xl flex-wrap items-end gap-2 rounded-md border border-border p-2">
          <div className="min-w-0 flex-1 basis-40 space-y-1">
            <Label htmlFor={`${id}-name`}>{m.listName}</Label>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoComplete="off" autoFocus />
          </div>
          <PendingButton size="sm" type="submit" pending={create.isPending} unavailable={name.trim() === ''}>
            Save list
          </PendingButton>
          <Button size="sm" variant="ghost" onClick={() => setMode('idle')}>
            Cancel
          </Button>
        </form>
      ) : null}
      {mode === 'manage' ? <RecipientListManager lists={lists} current={current} /> : null}
    </div>
  );
}
