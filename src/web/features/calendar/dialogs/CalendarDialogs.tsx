import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCalendarEmployees, useReasons } from '../api';
import type { CalendarPill } from '../model';
import { useDeleteException, useDeleteNote } from '../mutations';
import { DELETE_EXCEPTION_TEXT, ExceptionDialog } from './ExceptionDialog';
import { DELETE_NOTE_TEXT, NoteDialog } from './NoteDialog';
import { ReasonPicker } from './ReasonPicker';
import type { CalendarDialogs as Dialogs } from './useCalendarDialogs';

const NONE: readonly never[] = [];

/** Renders whichever calendar dialog is open. */
export function CalendarDialogs({ dialogs }: { dialogs: Dialogs }) {
  const employees = useCalendarEmployees().data ?? NONE;
  const reasons = useReasons().data;
  const { state, close } = dialogs;
  if (!state) return null;
  switch (state.kind) {
    case 'reason':
      return (
        <ReasonPicker
          open
          onOpenChange={(open) => !open && close()}
          reasons={reasons}
          employeeName={state.employee.name}
          date={state.date}
          onSelect={(reason) =>
            dialogs.set({
              kind: 'exception',
              target: { mode: 'new', date: state.date, employeeId: state.employee.id, reason, fromDrop: true },
            })
          }
        />
      );
    case 'exception':
      return <ExceptionDialog target={state.target} employees={employees} reasons={reasons ?? NONE} onClose={close} />;
    case 'note':
      return <NoteDialog target={state.target} onClose={close} />;
    case 'delete':
      return <DeletePill pill={state.pill} onClose={close} />;
  }
}

/** The day view's delete icon: the same confirmations as the dialogs' Delete buttons. */
function DeletePill({ pill, onClose }: { pill: CalendarPill; onClose: () => void }) {
  const removeException = useDeleteException();
  const removeNote = useDeleteNote();
  const busy = removeException.isPending || removeNote.isPending;
  const isException = pill.kind === 'exception';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={isException ? 'Delete Exception' : 'Delete Note'}
      description={isException ? DELETE_EXCEPTION_TEXT : DELETE_NOTE_TEXT}
      confirmText={busy ? 'Deleting...' : 'Delete'}
      cancelText="Cancel"
      destructive
      busy={busy}
      onConfirm={() => (isException ? removeException : removeNote).mutate(pill.id, { onSettled: onClose })}
    />
  );
}
