import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordMessages } from '../../../shared/contracts/accounts';
import { ZSuperAdminChangePassword } from '../../../shared/contracts/super-admin';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useChangePassword } from './api';
import { AdminApiError } from './token';

const ZForm = ZSuperAdminChangePassword.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});
type Form = z.infer<typeof ZForm>;
/** The server's new-password rules (decision 065): their message belongs under the new password. */
const NEW_PASSWORD_RULES: readonly string[] = [passwordMessages.common, passwordMessages.personal];

/** The super-admin's own password; every other signed-in browser of this super-admin is signed out. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const change = useChangePassword();
  const form = useForm<Form>({
    resolver: zodResolver(ZForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change({ currentPassword, newPassword });
      toast({ title: 'Password changed', description: 'Other signed-in browsers have been signed out.', variant: 'success' });
      form.reset();
      onOpenChange(false);
    } catch (err) {
      const message = err instanceof AdminApiError ? err.message : 'Update failed';
      form.setError(NEW_PASSWORD_RULES.includes(message) ? 'newPassword' : 'currentPassword', { message });
    }
  });
  const row = (name: keyof Form, label: string, autoComplete: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`sa-${name}`}>{label}</Label>
      <Input id={`sa-${name}`} type="password" autoComplete={autoComplete} aria-invalid={!!errors[name]} {...form.register(name)} />
      <FieldError message={errors[name]?.message} />
    </div>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <PendingButton type="submit" form="sa-change-password" pending={isSubmitting}>
            Change Password
          </PendingButton>
        </>
      }
    >
      <form id="sa-change-password" onSubmit={onSubmit} noValidate className="space-y-3">
        {row('currentPassword', 'Current password', 'current-password')}
        {row('newPassword', 'New password', 'new-password')}
        {row('confirmPassword', 'Confirm new password', 'new-password')}
      </form>
    </Dialog>
  );
}
