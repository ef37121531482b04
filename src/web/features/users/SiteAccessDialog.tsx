import { useState } from 'react';
import type { TSitePermissionsResponse, TSiteUser } from '../../../shared/contracts/users';
import { Badge } from '../../components/ui/badge';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/page';
import { useSaveSitePermissions, useSitePermissions } from './api';
import { CheckboxField } from './CheckboxField';

/** Spec §2 "Manage Site Access": one checkbox per site of the business; the home site is always on. */
export function SiteAccessDialog({ user, onClose }: { user: TSiteUser | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Manage Site Access"
      description={user ? `Choose which sites ${user.email} can access.` : undefined}
    >
      {user ? <SiteAccessBody user={user} onDone={onClose} /> : null}
    </Dialog>
  );
}

function SiteAccessBody({ user, onDone }: { user: TSiteUser; onDone: () => void }) {
  const permissions = useSitePermissions(user.id);
  // Wait for this opening's own answer: a cached one could be stale, and a refetch landing after the user
  // started editing would reset the checkboxes and drop the save's callback (the dialog would not close).
  if (permissions.isPending || (permissions.isFetching && !permissions.isFetchedAfterMount)) return <Spinner label="Loading sites..." />;
  if (permissions.isError || !permissions.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load site access. Please try again.
      </p>
    );
  }
  return <SiteAccessForm key={user.id} user={user} data={permissions.data} onDone={onDone} />;
}

function SiteAccessForm({ user, data, onDone }: { user: TSiteUser; data: TSitePermissionsResponse; onDone: () => void }) {
  const save = useSaveSitePermissions();
  const [selected, setSelected] = useState<Set<number>>(() => new Set(data.siteIds));
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const onSave = () => save.mutate({ user, siteIds: [...selected].sort((a, b) => a - b) }, { onSuccess: onDone });

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="sr-only">Sites</legend>
        {data.sites.map((site) => {
          const home = site.id === data.homeSiteId;
          return (
            <CheckboxField
              key={site.id}
              id={`site-access-${site.id}`}
              checked={home || selected.has(site.id)}
              disabled={home}
              onChange={(e) => toggle(site.id, e.target.checked)}
              label={
                <span className="flex flex-wrap items-center gap-2">
                  {site.name}
                  {home ? <Badge tone="blue">Home site</Badge> : null}
                  {!site.isActive ? <Badge tone="amber">Suspended</Badge> : null}
                </span>
              }
              description={site.subdomain}
            />
          );
        })}
      </fieldset>
      <p className="text-xs text-muted-foreground">A user can always use their home site. Removing a site takes effect at once.</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <PendingButton onClick={onSave} pending={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </PendingButton>
      </div>
    </div>
  );
}
