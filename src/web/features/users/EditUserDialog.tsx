import { useState, type FormEvent } from 'react';
import { roleOf, type TSiteUser } from '../../../shared/contracts/users';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useUpdateUser } from './api';
import { EmployeeLinkField } from './EmployeeLinkField';
import { flagsOf, RoleField, rolesOffered } from '../../components/RoleField';

/** Changes a user's role and the employee they are (decision 091). */
export function EditUserDialog({ user, onClose }: { user: TSiteUser | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit User"
      description={user ? `The role of ${user.email} and the employee they are.` : undefined}
    >
      {user ? <EditUserForm key={user.id} user={user} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditUserForm({ user, onDone }: { user: TSiteUser; onDone: () => void }) {
  const update = useUpdateUser();
  const current = roleOf(user);
  const [role, setRole] = useState(current);
  const [employeeId, setEmployeeId] = useState<number | null>(user.employee?.id ?? null);
  const [problem, setProblem] = useState<{ field: 'role' | 'employee'; message: string } | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    update.mutate(
      { user, body: { ...flagsOf(role), employeeId } },
      {
        onSuccess: onDone,
        onError: (err) => {
          // The server's words say what to change: an employee linked to someone else, a role mix it refuses.
          if (err instanceof ApiError && err.status < 500 && err.message)
            setProblem({ field: err.status === 400 && !/employee/i.test(err.message) ? 'role' : 'employee', message: err.message });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <RoleField idPrefix="edit-user" value={role} onChange={setRole} offered={rolesOffered(current)} disabled={user.isSelf} />
      {user.isSelf ? <p className="text-xs text-muted-foreground">You cannot change your own role.</p> : null}
      <FieldError id="edit-user-role-error" message={problem?.field === 'role' ? problem.message : undefined} />
      <EmployeeLinkField
        id="edit-user-employee"
        userId={user.id}
        value={employeeId}
        onChange={setEmployeeId}
        error={problem?.field === 'employee' ? problem.message : undefined}
      />
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <PendingButton type="submit" pending={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </PendingButton>
      </div>
    </form>
  );
}
