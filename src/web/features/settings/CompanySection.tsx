import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TSiteSummary } from '../../../shared/contracts/auth';
import { siteMessages } from '../../../shared/contracts/sites';
import { Button, PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { useMe } from '../../lib/session';
import { useCreateSite, useDeleteSite, useRenameSite, useSiteList } from './api';
import { ReadOnlyNote, Section } from './parts';

interface Props {
  businessName: string;
  onBusinessName: (v: string) => void;
  isAdmin: boolean;
}

/** Spec 02 §2 Company Information: the company name, the business's sites (when more than one) and Add Site/Team. */
export function CompanySection({ businessName, onBusinessName, isAdmin }: Props) {
  const me = useMe();
  const sites = useSiteList(true);
  const list = sites.data ?? [];
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<TSiteSummary | null>(null);
  const [deleting, setDeleting] = useState<TSiteSummary | null>(null);
  const remove = useDeleteSite();
  const currentId = me.data?.site.id;

  return (
    <Section id="company-heading" title="Company Information" description="Your company and its sites or teams.">
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor="company-name">Company Name</Label>
        <Input
          id="company-name"
          value={businessName}
          onChange={(e) => onBusinessName(e.target.value)}
          disabled={!isAdmin}
          maxLength={200}
        />
      </div>

      {list.length > 1 ? (
        <div className="mt-5">
          <h3 className="text-sm font-semibold">Sites/Teams</h3>
          <ul className="mt-2 divide-y divide-border rounded-md border border-border" aria-label="Sites and teams">
            {list.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">
                    {s.name}
                    {s.id === currentId ? (
                      <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">Current</span>
                    ) : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{s.subdomain}</p>
                </div>
                {isAdmin ? (
                  <div className="flex shrink-0 gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${s.name}`} onClick={() => setRenaming(s)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </Button>
                    {/* The site you are on cannot be deleted: switch away first. */}
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${s.name}`}
                      disabled={s.id === currentId}
                      title={s.id === currentId ? siteMessages.deleteCurrent : undefined}
                      onClick={() => setDeleting(s)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {isAdmin ? (
        <Button variant="outline" className="mt-4" onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Site/Team
        </Button>
      ) : (
        <ReadOnlyNote>Only an admin can change the company name and its sites.</ReadOnlyNote>
      )}

      <AddSiteDialog open={adding} onOpenChange={setAdding} />
      {renaming ? <RenameSiteDialog site={renaming} onClose={() => setRenaming(null)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Team Permanently"
        description={`Permanently delete "${deleting?.name ?? ''}"? All of its users, employees, exceptions, notes and settings are deleted. This cannot be undone.`}
        confirmText="Delete Permanently"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Section>
  );
}

function AddSiteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateSite();
  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setName('');
      setError(undefined);
    }
  };
  // Enter in the name submits the form itself (its buttons sit in the footer), so a running request is checked here too.
  const submit = () => {
    if (create.isPending) return;
    if (!name.trim()) return setError(siteMessages.nameRequired);
    create.mutate(name.trim(), { onSuccess: () => close(false) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Site/Team"
      description="The new site gets its own identifier from its name, default settings and the business's exception types."
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <PendingButton onClick={submit} pending={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Site/Team'}
          </PendingButton>
        </>
      }
    >
      <form
        className="grid gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Label htmlFor="new-site-name">Team Name</Label>
        <Input
          id="new-site-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!error}
          aria-describedby="new-site-error"
          maxLength={100}
          autoFocus
        />
        <FieldError id="new-site-error" message={error} />
      </form>
    </Dialog>
  );
}

function RenameSiteDialog({ site, onClose }: { site: TSiteSummary; onClose: () => void }) {
  const [name, setName] = useState(site.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameSite();
  const submit = () => {
    if (rename.isPending) return;
    if (!name.trim()) return setError(siteMessages.renameRequired);
    rename.mutate({ id: site.id, name: name.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Edit Team Name"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <PendingButton onClick={submit} pending={rename.isPending}>
            Save
          </PendingButton>
        </>
      }
    >
      <form
        className="grid gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Label htmlFor="rename-site">Team Name</Label>
        <Input
          id="rename-site"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!error}
          aria-describedby="rename-site-error"
          maxLength={100}
          autoFocus
        />
        <FieldError id="rename-site-error" message={error} />
      </form>
    </Dialog>
  );
}
