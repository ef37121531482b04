import { useState, type FormEvent } from 'react';
import type { TEmployee } from '../../../shared/contracts/employees';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useInviteEmployee } from './invite-api';

/**
 * Invites an employee to sign in (decision 091): a Staff user linked to them, and a mail with a link to set a
 * password within 72 hours. Opened from Employee Management.
 */
export function InviteDialog({ employee, onClose }: { employee: TEmployee | null; onClose: () => void }) {
  return (
    <Dialog
      open={employee !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Invite to sign in"
      description={
        employee
          ? `${employee.name} gets a Staff sign-in: the calendar and their own time off. We e-mail them a link to set a password; it works once, within 72 hours.`
          : undefined
      }
    >
      {employee ? <InviteForm key={employee.id} employee={employee} onDone={onClose} /> : null}
    </Dialog>
  );
}

function InviteForm({ employee, onDone }: { employee: TEmployee; onDone: () => void }) {
  const invite = useInviteEmployee();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError('Please enter a valid email address');
      return;
    }
    setError(undefined);
    invite.mutate(
      { employeeId: employee.id, email: address },
      {
        onSuccess: onDone,
        // Every refusal here says what to do (an address in use, the day's mail budget spent): shown as is.
        onError: (err) =>
          setError(
            err instanceof ApiError && err.status < 500 && err.message ? err.message : 'Failed to send the invitation. Please try again.',
          ),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-1">
        <Label htmlFor="invite-email">Email</Label>
        <Input
          id="invite-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!error}
          aria-describedby="invite-email-error"
        />
        <FieldError id="invite-email-error" message={error} />
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <PendingButton type="submit" pending={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </PendingButton>
      </div>
    </form>
  );
}
