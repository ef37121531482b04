import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordMessages } from '../../../shared/contracts/accounts';
import { ZCreateUserRequest } from '../../../shared/contracts/users';
import { ApiError } from '../../lib/api';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import type { UserRole } from '../../../shared/contracts/users';
import { useCreateUser } from './api';
import { EmployeeLinkField } from './EmployeeLinkField';
import { flagsOf, RoleField, rolesOffered } from '../../components/RoleField';

const PASSWORD_RULES: readonly string[] = [passwordMessages.common, passwordMessages.personal];
type CreateForm = z.input<typeof ZCreateUserRequest>;
type CreateValues = z.output<typeof ZCreateUserRequest>;

/** Spec §2 "Add User": e-mail, password and the role (decision 091), and the employee they are; the user joins the admin's current site. */
export function AddUserDialog({
  open,
  onOpenChange,
  siteName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  siteName: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add User"
      description={`The new user signs in to ${siteName} with this email and password.`}
    >
      {/* The content unmounts when closed, so each opening starts empty. */}
      <AddUserForm onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AddUserForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const create = useCreateUser();
  const form = useForm<CreateForm, unknown, CreateValues>({
    resolver: zodResolver(ZCreateUserRequest),
    defaultValues: { email: '', password: '' },
  });
  const [role, setRole] = useState<UserRole>('regular');
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | undefined>();
  const { errors } = form.formState;
  // The spec's toast says only "Please try again"; a password the server's rules refuse (decision 065) is
  // also named under its field, so the admin knows what to change.
  const passwordRule = (err: unknown) => (err instanceof ApiError && PASSWORD_RULES.includes(err.message) ? err.message : undefined);
  const onSubmit = form.handleSubmit((values) => {
    setLinkProblem(undefined);
    create.mutate(
      { ...values, ...flagsOf(role), employeeId },
      {
        onSuccess: onDone,
        onError: (err) => {
          const message = passwordRule(err);
          if (message) form.setError('password', { message }, { shouldFocus: true });
          // An employee taken meanwhile (409) or gone (404): said under the field to change.
          else if (err instanceof ApiError && (err.status === 404 || err.status === 409) && /employee|linked/i.test(err.message))
            setLinkProblem(err.message);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-1">
        <Label htmlFor="new-user-email">Email</Label>
        <Input
          id="new-user-email"
          type="email"
          autoComplete="off"
          aria-invalid={!!errors.email}
          aria-describedby="new-user-email-error"
          {...form.register('email')}
        />
        <FieldError id="new-user-email-error" message={errors.email?.message} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="new-user-password">Password</Label>
        <Input
          id="new-user-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby="new-user-password-error"
          {...form.register('password')}
        />
        <FieldError id="new-user-password-error" message={errors.password?.message} />
      </div>
      <RoleField idPrefix="new-user" value={role} onChange={setRole} offered={rolesOffered()} />
      <EmployeeLinkField id="new-user-employee" value={employeeId} onChange={setEmployeeId} error={linkProblem} />
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <PendingButton type="submit" pending={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create User'}
        </PendingButton>
      </div>
    </form>
  );
}
