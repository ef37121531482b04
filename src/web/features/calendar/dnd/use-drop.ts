import { useState } from 'react';
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { TShortfallConflict } from '../../../../shared/contracts/coverage';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { toast, toastError } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/api';
import { shortfallConflictOf } from '../../../lib/coverage-conflict';
import { MESSAGES } from '../../../lib/messages';
import { exceptionUpdateBody, useSaveException, useSaveNote } from '../mutations';
import { dropOutcome, type DragItem } from './drop';
import type { Span } from './span';

export interface DropHandlers {
  onEmployeeDrop: (employee: TEmployee, date: string) => void;
  onTemplateDrop: (color: string, date: string) => void;
}

/** A move or resize the server refused because it leaves the site short (decision 098): asked again in a dialog. */
export interface RefusedMove {
  exception: TExceptionView;
  span: Span;
  mode: 'move' | 'resize';
  conflict: TShortfallConflict;
}

/** What a drop does (spec §4 "Drag outcomes"): a dialog for new items, a save for moves and resizes, a toast for no change. */
export function useDrop({ onEmployeeDrop, onTemplateDrop }: DropHandlers) {
  const moveException = useSaveException('move');
  const resizeException = useSaveException('resize');
  const moveNote = useSaveNote('move');
  const resizeNote = useSaveNote('resize');
  const [refused, setRefused] = useState<RefusedMove | null>(null);

  /** Saves an exception's new span; with a reason, past a coverage refusal. */
  const saveSpan = (exception: TExceptionView, span: Span, mode: RefusedMove['mode'], reason?: string) =>
    (mode === 'move' ? moveException : resizeException).mutate(
      { exception, body: { ...exceptionUpdateBody(exception, span), ...(reason ? { coverageConfirmation: { reason } } : {}) } },
      {
        onSuccess: () => setRefused(null),
        onError: (err) => {
          const conflict = shortfallConflictOf(err);
          if (conflict) setRefused({ exception, span, mode, conflict });
        },
      },
    );
  const shortfall = {
    refused,
    busy: moveException.isPending || resizeException.isPending,
    saveSpan,
    close: () => setRefused(null),
  };

  const drop = (item: DragItem, date: string, byKeyboard: boolean) => {
    try {
      const outcome = dropOutcome(item, date);
      switch (outcome.type) {
        case 'employee':
          return onEmployeeDrop(outcome.employee, outcome.date);
        case 'bad-employee':
          return toastError(MESSAGES.exception.parseFailed(outcome.detail));
        case 'template':
          return onTemplateDrop(outcome.color, outcome.date);
        case 'no-change':
          return toast({ ...MESSAGES.exception.noChange, variant: 'info' });
        case 'exception':
          if (byKeyboard && item.kind === 'pill') focusPillSoon(date, item.pill.key);
          return saveSpan(outcome.exception, outcome.span, outcome.mode === 'move' ? 'move' : 'resize');
        case 'note':
          if (byKeyboard && item.kind === 'pill') focusPillSoon(date, item.pill.key);
          return (outcome.mode === 'move' ? moveNote : resizeNote).mutate({ note: outcome.note, body: { ...outcome.span } });
      }
    } catch (err) {
      toastError(MESSAGES.exception.dropFailed(messageOf(err, 'Unknown error')));
    }
  };
  return { drop, shortfall };
}
export type DropShortfall = ReturnType<typeof useDrop>['shortfall'];

/** After a keyboard move the pill is drawn in its new day: focus follows it there (dnd-kit would return focus to the old one). */
function focusPillSoon(date: string, key: string, tries = 20) {
  window.setTimeout(() => {
    const pill = document.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"] [data-key="${key}"]`);
    if (pill) pill.focus();
    else if (tries > 0) focusPillSoon(date, key, tries - 1);
  }, 40);
}
