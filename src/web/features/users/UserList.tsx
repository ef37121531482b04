import { format } from 'date-fns';
import { Building2, UserCheck, UserX } from 'lucide-react';
import type { TSiteUser } from '../../../shared/contracts/users';
import { Badge } from '../../components/ui/badge';
import { Button, PendingButton } from '../../components/ui/button';

const when = (iso: string | null) => (iso ? format(new Date(iso), 'd MMM yyyy, HH:mm') : 'Never');

/** Spec §6: the badge shows Admin, Read Only or User (a read-only admin shows both), plus Active or Inactive. */
export function RoleBadges({ user }: { user: TSiteUser }) {
  return (
    <>
      {user.isAdmin ? <Badge tone="purple">Admin</Badge> : null}
      {user.isReadOnly ? <Badge tone="amber">Read Only</Badge> : null}
      {!user.isAdmin && !user.isReadOnly ? <Badge tone="blue">User</Badge> : null}
      {user.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
    </>
  );
}

interface UserListProps {
  users: TSiteUser[];
  /** False for a read-only admin: the list shows, the actions do not. */
  canChange: boolean;
  busyId: number | null;
  onToggle: (user: TSiteUser) => void;
  onManage: (user: TSiteUser) => void;
}

const columns = 'md:grid md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-center md:gap-4';

/** One row per user: a grid of columns on wide screens, a stacked card on narrow ones. */
export function UserList({ users, canChange, busyId, onToggle, onManage }: UserListProps) {
  return (
    <div className="rounded-lg border border-border bg-card">
      <div
        className={`hidden border-b border-border bg-muted/60 px-4 py-2 text-sm font-medium text-muted-foreground ${columns}`}
        aria-hidden
      >
        <span>User</span>
        <span>Role and status</span>
        <span>Last sign-in</span>
        <span className="w-72 text-right">{canChange ? 'Actions' : null}</span>
      </div>
      <ul aria-label="Users" className="divide-y divide-border">
        {users.map((user) => (
          <li key={user.id} aria-label={user.email} className={`flex flex-col gap-2 px-4 py-3 text-sm ${columns}`}>
            <div className="min-w-0">
              <p className="flex items-center gap-2">
                <span className="truncate font-medium" title={user.email}>
                  {user.email}
                </span>
                {user.isSelf ? <Badge tone="neutral">You</Badge> : null}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                {user.username} · added {format(new Date(user.createdAt), 'd MMM yyyy')}
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <RoleBadges user={user} />
            </div>
            <div className="text-muted-foreground">
              <span className="md:hidden">Last sign-in: </span>
              <span className={user.lastLoginAt ? 'text-foreground' : undefined}>{when(user.lastLoginAt)}</span>
            </div>
            <div className="flex flex-wrap gap-2 md:w-72 md:justify-end">
              {user.isSelf || !canChange ? null : (
                <>
                  <PendingButton
                    size="sm"
                    variant="outline"
                    onClick={() => onToggle(user)}
                    pending={busyId === user.id}
                    aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${user.email}`}
                  >
                    {user.isActive ? <UserX className="h-4 w-4" aria-hidden /> : <UserCheck className="h-4 w-4" aria-hidden />}
                    {user.isActive ? 'Deactivate' : 'Activate'}
                  </PendingButton>
                  <Button size="sm" variant="outline" onClick={() => onManage(user)} aria-label={`Manage site access for ${user.email}`}>
                    <Building2 className="h-4 w-4" aria-hidden />
                    Site Access
                  </Button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
