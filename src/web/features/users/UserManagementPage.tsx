import { Info, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { TSiteUser } from '../../../shared/contracts/users';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader, Spinner } from '../../components/ui/page';
import { useCanWrite, useMe } from '../../lib/session';
import { AddUserDialog } from './AddUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { useSiteUsers, useToggleUserStatus } from './api';
import { SiteAccessDialog } from './SiteAccessDialog';
import { UserList } from './UserList';

const countText = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

/** Spec §2 User Management (admin only; the route wraps it in AdminOnly). */
export default function UserManagementPage() {
  const me = useMe();
  const users = useSiteUsers();
  const toggle = useToggleUserStatus();
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<TSiteUser | null>(null);
  const [editing, setEditing] = useState<TSiteUser | null>(null);
  const [deactivating, setDeactivating] = useState<TSiteUser | null>(null);
  const siteName = me.data?.site.name ?? '';
  // A read-only admin may look but not change (docs/decisions/008-accounts.md).
  const canChange = useCanWrite();

  const onToggle = (user: TSiteUser) => {
    if (user.isActive) setDeactivating(user);
    else toggle.mutate(user);
  };
  const confirmDeactivate = () => {
    if (deactivating) toggle.mutate(deactivating, { onSettled: () => setDeactivating(null) });
  };

  return (
    <section>
      <PageHeader
        title="User Management"
        subtitle={users.data ? `${countText(users.data.length)} in ${siteName}` : `Users of ${siteName}`}
        actions={
          canChange ? (
            <Button onClick={() => setAdding(true)}>
              <UserPlus className="h-4 w-4" aria-hidden />
              Add User
            </Button>
          ) : null
        }
      />
      {!canChange ? (
        <p className="mb-3 flex items-center gap-2 rounded-md border border-border bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          <Info className="h-4 w-4 shrink-0" aria-hidden />
          You have read-only access: you can see users but not change them.
        </p>
      ) : null}

      {users.isPending ? (
        <Spinner label="Loading users..." />
      ) : users.isError ? (
        <p role="alert" className="rounded-md border border-border bg-card px-4 py-6 text-center text-sm text-destructive">
          Failed to load users. Please try again.
        </p>
      ) : (
        <UserList
          users={users.data}
          canChange={canChange}
          busyId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
          onToggle={onToggle}
          onManage={setManaging}
          onEdit={setEditing}
        />
      )}

      <AddUserDialog open={adding} onOpenChange={setAdding} siteName={siteName} />
      <SiteAccessDialog user={managing} onClose={() => setManaging(null)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title="Deactivate user?"
        description={`${deactivating?.email ?? ''} will be signed out at once and cannot sign in until reactivated.`}
        confirmText="Deactivate"
        destructive
        busy={toggle.isPending}
        onConfirm={confirmDeactivate}
      />
    </section>
  );
}
