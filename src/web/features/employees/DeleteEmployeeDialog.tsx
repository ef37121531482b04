import { useState } from 'react';
import type { TEmployee } from '../../../shared/contracts/employees';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteEmployee } from './api';
import { isPastChangeRefusal } from './contracts-api';

interface DeleteEmployeeDialogProps {
  employee: TEmployee | null;
  onClose: () => void;
}

/**
 * Spec §2's delete confirmation, then, when the employee's hours counted on past days, the server's count of
 * those days to confirm as a change of the past (409 until confirmed, decision 107).
 */
export function DeleteEmployeeDialog({ employee, onClose }: DeleteEmployeeDialogProps) {
  const remove = useDeleteEmployee();
  const [past, setPast] = useState<string | null>(null);
  const close = () => {
    setPast(null);
    onClose();
  };
  const run = (confirmPast: boolean) => {
    if (!employee) return;
    remove.mutate(
      { id: employee.id, confirmPast },
      { onSuccess: close, onError: (err) => (isPastChangeRefusal(err) ? setPast(err.message) : close()) },
    );
  };

  return (
    <>
      <ConfirmDialog
        open={!!employee && past === null}
        onOpenChange={(open) => !open && !remove.isPending && close()}
        title="Delete Employee"
        description={`Are you sure you want to delete ${employee?.name ?? 'this employee'}? Their exceptions will be deleted too. This action cannot be undone.`}
        confirmText={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        busy={remove.isPending}
        onConfirm={() => run(false)}
      />
      <ConfirmDialog
        open={!!employee && past !== null}
        onOpenChange={(open) => !open && !remove.isPending && close()}
        title="Change past hours?"
        description={`${past ?? ''} Giving an end date instead keeps their past hours.`}
        confirmText={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        busy={remove.isPending}
        onConfirm={() => run(true)}
      />
    </>
  );
}
