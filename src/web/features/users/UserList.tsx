import { Building2, Pencil, UserCheck, UserX } from 'lucide-react';
import type { TSiteUser } from '../../../shared/contracts/users';
import { RoleWordBadges } from '../../components/RoleWordBadges';
import { Badge } from '../../components/ui/badge';
import { Button, PendingButton } from '../../components/ui/button';
import { formatDateTime, formatMomentDay } from '../../../shared/format';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/** Spec §6 and decision 091: the role in words, Active or Inactive, and Invited until a password is chosen. */
export function RoleBadges({ user }: { user: TSiteUser }) {
  return (
    <>
      <RoleWordBadges {...user} />
      {user.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
      {user.invited ? <Badge tone="neutral">Invited</Badge> : null}
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
  onEdit: (user: TSiteUser) => void;
}

const columns = 'md:grid md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-center md:gap-4';

/** One row per user: a grid of columns on wide screens, a stacked card on narrow ones. */
export function UserList({ users, canChange, busyId, onToggle, onManage, onEdit }: UserListProps) {
  return (
    <div className="rounded-lg border border-border bg-card">
      <div
        className={`hidden border-b border-border bg-muted/60 px-4 py-2 text-sm font-medium text-muted-foreground ${columns}`}
        aria-hidden
      >
        <span>User</span>
        <span>Role and status</span>
        <span>Last sign-in</span>
        <span className="w-96 text-right">{canChange ? 'Actions' : null}</span>
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
                {user.username} · added {formatMomentDay(user.createdAt)}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                {user.employee ? (
                  <>
                    Employee: <span className="text-foreground">{user.employee.name}</span>
                  </>
                ) : (
                  'Not linked to an employee'
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <RoleBadges user={user} />
            </div>
            <div className="text-muted-foreground">
              <span className="md:hidden">Last sign-in: </span>
              <span className={user.lastLoginAt ? 'text-foreground' : undefined}>{when(user.lastLoginAt)}</span>
            </div>
            <div className="flex flex-wrap gap-2 md:w-96 md:justify-end">
              {canChange ? (
                <Button size="sm" variant="outline" onClick={() => onEdit(user)} aria-label={`Edit ${user.email}`}>
                  <Pencil className="h-4 w-4" aria-hidden />
                  Edit
                </Button>
              ) : null}
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
