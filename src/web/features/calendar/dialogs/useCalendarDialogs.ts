import { useMemo, useState } from 'react';
import type { TEmployee } from '../../../../shared/contracts/employees';
import type { CalendarPill } from '../model';
import type { ExceptionTarget } from './exception-form';
import type { NoteTarget } from './NoteDialog';

/** At most one calendar dialog is open; the reason picker hands over to the range dialog. */
export type CalendarDialogState =
  | null
  | { kind: 'reason'; employee: TEmployee; date: string }
  | { kind: 'exception'; target: ExceptionTarget }
  | { kind: 'note'; target: NoteTarget }
  | { kind: 'delete'; pill: CalendarPill };

export function useCalendarDialogs() {
  const [state, setState] = useState<CalendarDialogState>(null);
  const actions = useMemo(
    () => ({
      close: () => setState(null),
      addException: (date: string) => setState({ kind: 'exception', target: { mode: 'new', date } }),
      addNote: (date: string, color?: string) => setState({ kind: 'note', target: { mode: 'new', date, color } }),
      /** An employee dropped on a day: the reason picker first. */
      pickReason: (employee: TEmployee, date: string) => setState({ kind: 'reason', employee, date }),
      editPill: (pill: CalendarPill) =>
        setState(
          pill.kind === 'exception'
            ? { kind: 'exception', target: { mode: 'edit', exception: pill.exception } }
            : { kind: 'note', target: { mode: 'edit', note: pill.note } },
        ),
      deletePill: (pill: CalendarPill) => setState({ kind: 'delete', pill }),
      set: setState,
    }),
    [],
  );
  return { state, ...actions };
}
export type CalendarDialogs = ReturnType<typeof useCalendarDialogs>;
