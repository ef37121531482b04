import { useState, type FormEvent } from 'react';
import type { TRecipientList } from '../../../shared/contracts/report-recipients';
import { Button, PendingButton } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { recipientMsg as m } from './messages';
import { useDeleteRecipientList, useUpdateRecipientList } from './recipient-api';

interface Props {
  lists: TRecipientList[];
  /** The addresses field's addresses, or null once the reason they cannot be used has been shown. */
  current: (failedTitle: string) => string[] | null;
}

/** Rename, re-address (with what the field holds now) or delete each saved list, each asked in its own row. */
export function RecipientListManager({ lists, current }: Props) {
  const update = useUpdateRecipientList();
  const remove = useDeleteRecipientList();
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const rename = (e: FormEvent, list: TRecipientList) => {
    e.preventDefault();
    if (!renaming) return;
    update.mutate({ id: list.id, body: { name: renaming.name, addresses: list.addresses } }, { onSuccess: () => setRenaming(null) });
  };

  const readdress = (list: TRecipientList) => {
    const addresses = current(m.updateFailed);
    if (addresses) update.mutate({ id: list.id, body: { name: list.name, addresses } });
  };

  return (
    <ul aria-label="Saved recipient lists" className="divide-y divide-border rounded-md border border-border">
      {lists.map((list) => (
        <li key={list.id} className="space-y-2 p-2 text-sm">
          {renaming?.id === list.id ? (
            <form onSubmit={(e) => rename(e, list)} className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1 basis-40 space-y-1">
                <Label htmlFor={`rename-list-${list.id}`}>New name for {list.name}</Label>
                <Input
                  id={`rename-list-${list.id}`}
                  value={renaming.name}
                  onChange={(e) => setRenaming({ id: list.id, name: e.target.value })}
                  maxLength={60}
                  autoComplete="off"
                  autoFocus
                />
              </div>
              <PendingButton size="sm" type="submit" pending={update.isPending} unavailable={renaming.name.trim() === ''}>
                Save name
              </PendingButton>
              <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
            </form>
          ) : (
            <div className="min-w-0">
              <p className="font-medium break-words">{list.name}</p>
              <p className="text-xs break-all text-muted-foreground">{list.addresses.join('; ')}</p>
            </div>
          )}
          {deleting === list.id ? (
            // Keyed, so the confirmation's buttons are new elements: reused, the ghost Delete button under the
            // pointer faded into the red one (transition-colors), its text briefly below contrast.
            <div key="confirm-delete" role="group" aria-label={`Delete ${list.name}?`} className="flex flex-wrap items-center gap-2">
              <span>Delete “{list.name}”?</span>
              <PendingButton
                size="sm"
                variant="destructive"
                pending={remove.isPending}
                onClick={() => remove.mutate({ id: list.id, name: list.name }, { onSuccess: () => setDeleting(null) })}
              >
                Delete list
              </PendingButton>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(null)}>
                Keep
              </Button>
            </div>
          ) : renaming?.id === list.id ? null : (
            <div key="actions" className="flex flex-wrap gap-1">
              <Button
                size="sm"
                variant="outline"
                aria-label={`Rename ${list.name}`}
                onClick={() => setRenaming({ id: list.id, name: list.name })}
              >
                Rename
              </Button>
              <PendingButton
                size="sm"
                variant="outline"
                aria-label={`Use field’s addresses for ${list.name}`}
                pending={update.isPending}
                onClick={() => readdress(list)}
              >
                Use field’s addresses
              </PendingButton>
              <Button size="sm" variant="ghost" aria-label={`Delete ${list.name}`} onClick={() => setDeleting(list.id)}>
                Delete
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
