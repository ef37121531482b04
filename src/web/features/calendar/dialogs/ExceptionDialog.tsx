import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TReason } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { PendingButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { useCreateException, useDeleteException, useSaveException } from '../mutations';
import type { ExceptionTarget } from './exception-form';
import { ExceptionForm } from './ExceptionForm';

export const DELETE_EXCEPTION_TEXT = 'Are you sure you want to delete this exception? This action cannot be undone.';

interface ExceptionDialogProps {
  target: ExceptionTarget;
  employees: readonly TEmployee[];
  reasons: readonly TReason[];
  onClose: () => void;
}

/** "Select Exception Range" (new) or "Edit Exception" (spec §2): dates, full day or hours, notes; Delete when editing. */
export function ExceptionDialog({ target, employees, reasons, onClose }: ExceptionDialogProps) {
  const create = useCreateException();
  const save = useSaveException('edit');
  const remove = useDeleteException();
  const [confirming, setConfirming] = useState(false);
  const editing = target.mode === 'edit';
  const busy = create.isPending || save.isPending || remove.isPending;

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={editing ? 'Edit Exception' : 'Select Exception Range'}
        description={
          editing ? `${target.exception.employeeName} – ${target.exception.reasonName}` : 'Pick the days, then full day or the hours.'
        }
        className="sm:max-w-2xl"
      >
        <ExceptionForm
          target={target}
          employees={employees}
          reasons={reasons}
          busy={busy}
          onCancel={onClose}
          onSubmit={(body) => {
            if (target.mode === 'edit') save.mutate({ exception: target.exception, body }, { onSuccess: onClose });
            else create.mutate(body, { onSuccess: onClose });
          }}
          deleteButton={
            editing ? (
              <PendingButton variant="outline" className="text-destructive" unavailable={busy} onClick={() => setConfirming(true)}>
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete Exception
              </PendingButton>
            ) : null
          }
        />
      </Dialog>
      {target.mode === 'edit' ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete Exception"
          description={DELETE_EXCEPTION_TEXT}
          confirmText={remove.isPending ? 'Deleting...' : 'Delete'}
          destructive
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(target.exception.id, {
              onSuccess: () => {
                setConfirming(false);
                onClose();
              },
              onError: () => setConfirming(false),
            })
          }
        />
      ) : null}
    </>
  );
}
