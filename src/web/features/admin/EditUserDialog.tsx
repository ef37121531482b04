import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ZPassword } from '../../../shared/contracts/accounts';
import type { TAdminUser } from '../../../shared/contracts/super-admin';
import { ZUpdateUserRequest } from '../../../shared/contracts/super-admin';
import { roleOf, USER_ROLES, type UserRole } from '../../../shared/contracts/users';
import { flagsOf, ROLE_HELP, RoleField, rolesOffered } from '../../components/RoleField';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useResetPassword, useUpdateUser } from './api';
import { Check } from './fields';
import { failure } from './token';

// The form keeps the password optional: empty means "leave it"; the server's schema checks the rest.
const ZForm = z.object({
  username: z.string().trim().min(1, 'Username is required').max(50, 'Username must be at most 50 characters'),
  email: z.string(),
  role: z.enum(Object.keys(USER_ROLES) as [UserRole, ...UserRole[]]),
  isActive: z.boolean(),
  newPassword: z.union([z.literal(''), ZPassword]),
});
type Form = z.infer<typeof ZForm>;

/** The portal has no employee field: a Staff user is linked to their employee in the site's User Management. */
const PORTAL_ROLE_HELP: Record<UserRole, string> = {
  ...ROLE_HELP,
  staff: "Sees the calendar and requests their own time off. Link them to their employee in the site's User Management.",
};

/**
 * Edit a site user (spec §7 PATCH /api/admin/users/{id}); a new password signs the user out everywhere. The role is
 * the one choice User Management offers, checked by the same rules on the server (decision 116).
 */
export function EditUserDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const update = useUpdateUser();
  const reset = useResetPassword();
  const [resetPassword, setResetPassword] = useState('');
  const [resetError, setResetError] = useState<string | undefined>();
  const form = useForm<Form>({ resolver: zodResolver(ZForm) });
  const { errors, isSubmitting } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  useEffect(() => {
    if (user) form.reset({ username: user.username, email: user.email, role: roleOf(user), isActive: user.isActive, newPassword: '' });
    setResetPassword('');
    setResetError(undefined);
  }, [user, form]);

  const onSubmit = form.handleSubmit(async ({ newPassword, role, ...rest }) => {
    if (!user) return;
    const fields = { ...rest, ...flagsOf(role) };
    const parsed = ZUpdateUserRequest.safeParse(newPassword ? { ...fields, newPassword } : fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(String(issue.path[0] ?? 'email') as keyof Form, { message: issue.message });
      return;
    }
    try {
      await update.mutateAsync({ id: user.id, body: parsed.data });
      toast({ title: 'User updated', variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Update failed', description: failure('Failed to update user', err), variant: 'destructive' });
    }
  });

  const onReset = async () => {
    if (!user) return;
    const parsed = ZPassword.safeParse(resetPassword);
    if (!parsed.success) return setResetError(parsed.error.issues[0].message);
    setResetError(undefined);
    try {
      await reset.mutateAsync({ id: user.id, newPassword: parsed.data });
      toast({ title: 'Password reset', description: `${user.email} must sign in with the new password.`, variant: 'success' });
      setResetPassword('');
    } catch (err) {
      toast({ title: 'Update failed', description: failure('Failed to update user', err), variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit User"
      description={user ? `${user.siteName} · ${user.email}` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <PendingButton type="submit" form="edit-user" pending={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </PendingButton>
        </>
      }
    >
      <form id="edit-user" onSubmit={onSubmit} noValidate className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor="user-username">Username</Label>
          <Input id="user-username" aria-invalid={!!errors.username} {...form.register('username')} />
          <FieldError message={errors.username?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="user-email">Email</Label>
          <Input id="user-email" type="email" aria-invalid={!!errors.email} {...form.register('email')} />
          <FieldError message={errors.email?.message} />
        </div>
        {user ? (
          <RoleField
            idPrefix="admin-user"
            value={role ?? roleOf(user)}
            onChange={(next) => form.setValue('role', next, { shouldDirty: true })}
            offered={rolesOffered(roleOf(user))}
            help={PORTAL_ROLE_HELP}
          />
        ) : null}
        <Check id="user-isActive" label="Active" {...form.register('isActive')} />
        <div className="space-y-1.5">
          <Label htmlFor="user-newPassword">New password (optional)</Label>
          <Input
            id="user-newPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.newPassword}
            {...form.register('newPassword')}
          />
          <FieldError message={errors.newPassword?.message} />
        </div>
      </form>
      <div className="mt-4 space-y-1.5 rounded-md border border-border p-3">
        <Label htmlFor="user-reset">Reset password</Label>
        <p className="text-xs text-muted-foreground">Sets the password now and signs the user out of every session.</p>
        <div className="flex gap-2">
          <Input
            id="user-reset"
            type="password"
            autoComplete="new-password"
            value={resetPassword}
            onChange={(e) => setResetPassword(e.target.value)}
            aria-invalid={!!resetError}
          />
          <PendingButton variant="outline" className="shrink-0 whitespace-nowrap" onClick={() => void onReset()} pending={reset.isPending}>
            Reset Password
          </PendingButton>
        </div>
        <FieldError message={resetError} />
      </div>
    </Dialog>
  );
}
