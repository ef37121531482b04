import { Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { TReason } from '../../../../shared/contracts/calendar';
import type { TShortfallConflict } from '../../../../shared/contracts/coverage';
import type { TEmployee } from '../../../../shared/contracts/employees';
import type { TExceptionValues } from '../../../../shared/contracts/exceptions';
import { ShortfallPanel } from '../../../components/coverage/ShortfallPanel';
import type { SuggestQuery } from '../../../components/coverage/ShortfallConfirm';
import { movedLine } from '../../../components/coverage/suggestion-text';
import { PendingButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { shortfallConflictOf } from '../../../lib/coverage-conflict';
import { useCreateException, useDeleteException, useSaveException } from '../mutations';
import type { ExceptionTarget } from './exception-form';
import { ExceptionForm } from './ExceptionForm';

/** The assistant's question for a refused exception: the same employee, type, length and hours. */
const suggestQueryOf = (b: TExceptionValues, exceptionId: number | undefined): SuggestQuery => ({
  employeeId: b.employeeId,
  reasonId: b.reasonId,
  startDate: b.startDate,
  endDate: b.endDate,
  isFullDay: b.isFullDay,
  hours: b.hours,
  exceptionId,
});

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
  // A save the server refused for coverage (decision 098): the body as sent, and the days it names.
  const [refused, setRefused] = useState<{ conflict: TShortfallConflict; body: TExceptionValues } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const onEdited = useCallback(() => setRefused(null), []);

  const send = (body: TExceptionValues, reason?: string) => {
    const sent = reason ? { ...body, coverageConfirmation: { reason } } : body;
    const onError = (err: unknown) => {
      const conflict = shortfallConflictOf(err);
      if (conflict) setRefused({ conflict, body });
    };
    setNotice(null);
    if (target.mode === 'edit') save.mutate({ exception: target.exception, body: sent }, { onSuccess: onClose, onError });
    else create.mutate(sent, { onSuccess: onClose, onError });
  };

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
          onSubmit={(body) => send(body)}
          onEdited={onEdited}
          notice={notice}
          warning={(form) =>
            refused ? (
              <ShortfallPanel
                conflict={refused.conflict}
                suggest={suggestQueryOf(refused.body, target.mode === 'edit' ? target.exception.id : undefined)}
                onMove={(range) => {
                  form.moveTo(range);
                  setNotice(movedLine(range.startDate, range.endDate));
                }}
                onConfirm={(reason) => send(refused.body, reason)}
                onBack={() => {
                  setRefused(null);
                  form.focusSubmit();
                }}
                busy={busy}
                takeFocus
              />
            ) : null
          }
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
