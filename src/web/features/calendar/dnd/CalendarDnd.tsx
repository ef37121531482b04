import { DndContext, DragOverlay, PointerSensor, useSensor, useSensors, type Active, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { toast, toastError } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/api';
import { exceptionUpdateBody, useSaveException, useSaveNote } from '../mutations';
import { SIDE_PANEL_ID } from '../SidePanel';
import { ActiveItemContext, DND_ID, PendingDragContext } from './context';
import { dateOfDrop, dayLabel, dropOutcome, GRID_PILL_ID, itemLabel, type DragItem } from './drop';
import { DayKeyboardSensor } from './DayKeyboardSensor';
import { DragPreview } from './DragPreview';
import { collisionDetection, KEYBOARD_OPTIONS } from './sensors';
import { MESSAGES } from '../../../lib/messages';

interface CalendarDndProps {
  onEmployeeDrop: (employee: TEmployee, date: string) => void;
  onTemplateDrop: (color: string, date: string) => void;
  /** The layout of the element that holds the calendar and the side panel. */
  className?: string;
  children: ReactNode;
}

const INSTRUCTIONS =
  'To pick up an employee, note template, exception or note, press the space bar. While dragging, use the left and right arrow keys to move by a day and up and down to move by a week. Press space or enter to drop it on that day, or press escape to cancel.';

/** While dragging, the whole page shows the drag's cursor: move for pills, resize for handles, copy for new items; the dragged pill's days fade. */
const CURSOR_CSS = [
  ...['move', 'copy', 'ew-resize'].map((c) => `html[data-drag-cursor="${c}"], html[data-drag-cursor="${c}"] * { cursor: ${c} !important; }`),
  // Narrow screens: the side panel is a drawer over the calendar; it steps aside while its item is dragged.
  `@media (width < 64rem) { html[data-drag-cursor="copy"] :is(#${SIDE_PANEL_ID}, :has(+ #${SIDE_PANEL_ID})) { opacity: 0; pointer-events: none; } }`,
].join('\n');
const cursorOf = (item: DragItem) => (item.kind !== 'pill' ? 'copy' : item.mode === 'move' ? 'move' : 'ew-resize');

/**
 * The calendar's one DndContext (spec §2 "Drag and drop"): employees and note templates from the side
 * panel, pills and their handles in the grid, days as drop targets; pointer and keyboard, announced.
 */
export function CalendarDnd({ onEmployeeDrop, onTemplateDrop, className, children }: CalendarDndProps) {
  const pending = useRef<DragItem | null>(null);
  const [active, setActive] = useState<DragItem | null>(null);
  const moveException = useSaveException('move');
  const resizeException = useSaveException('resize');
  const moveNote = useSaveNote('move');
  const resizeNote = useSaveNote('resize');

  const setPending = useCallback((item: DragItem | null) => {
    pending.current = item;
  }, []);
  const itemOf = useCallback((a: Active | null): DragItem | null => (!a ? null : a.id === GRID_PILL_ID ? pending.current : ((a.data.current as DragItem | undefined) ?? null)), []);

  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(DayKeyboardSensor, KEYBOARD_OPTIONS));

  const announcements = useMemo<Announcements>(() => {
    const name = (a: Active) => {
      const item = itemOf(a);
      return item ? itemLabel(item) : 'item';
    };
    return {
      onDragStart: ({ active: a }) => `Picked up ${name(a)}.`,
      onDragOver: ({ active: a, over }) => (over ? `${name(a)} is over ${dayLabel(over.id)}.` : `${name(a)} is no longer over a day.`),
      onDragEnd: ({ active: a, over }) => (over ? `${name(a)} was dropped on ${dayLabel(over.id)}.` : `${name(a)} was dropped outside the calendar. Nothing changed.`),
      onDragCancel: ({ active: a }) => `Dragging was cancelled. ${name(a)} was not moved.`,
    };
  }, [itemOf]);

  const finish = () => {
    setActive(null);
    delete document.documentElement.dataset.dragCursor;
  };

  const onDragEnd = ({ active: a, over, activatorEvent }: DragEndEvent) => {
    const item = itemOf(a);
    finish();
    const date = dateOfDrop(over?.id);
    if (!item || !date) return;
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
          if (activatorEvent instanceof KeyboardEvent && item.kind === 'pill') focusPillSoon(date, item.pill.key);
          return (outcome.mode === 'move' ? moveException : resizeException).mutate({ exception: outcome.exception, body: exceptionUpdateBody(outcome.exception, outcome.span) });
        case 'note':
          if (activatorEvent instanceof KeyboardEvent && item.kind === 'pill') focusPillSoon(date, item.pill.key);
          return (outcome.mode === 'move' ? moveNote : resizeNote).mutate({ note: outcome.note, body: { ...outcome.span } });
      }
    } catch (err) {
      toastError(MESSAGES.exception.dropFailed(messageOf(err, 'Unknown error')));
    }
  };

  return (
    <PendingDragContext.Provider value={setPending}>
      <ActiveItemContext.Provider value={active}>
        <DndContext
          id={DND_ID}
          sensors={sensors}
          collisionDetection={collisionDetection}
          accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
          onDragStart={({ active: a }) => {
            const item = itemOf(a);
            setActive(item);
            if (item) document.documentElement.dataset.dragCursor = cursorOf(item);
          }}
          onDragEnd={onDragEnd}
          onDragCancel={finish}
        >
          <div className={className}>{children}</div>
          <DragOverlay dropAnimation={null} zIndex={60}>
            {active ? <DragPreview item={active} /> : null}
          </DragOverlay>
        </DndContext>
        <style>{active?.kind === 'pill' ? `${CURSOR_CSS}\n[data-key="${active.pill.key}"] { opacity: 0.45; }` : CURSOR_CSS}</style>
      </ActiveItemContext.Provider>
    </PendingDragContext.Provider>
  );
}

const POINTER = { activationConstraint: { distance: 5 } };

/** After a keyboard move the pill is drawn in its new day: focus follows it there (dnd-kit would return focus to the old one). */
function focusPillSoon(date: string, key: string, tries = 20) {
  window.setTimeout(() => {
    const pill = document.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"] [data-key="${key}"]`);
    if (pill) pill.focus();
    else if (tries > 0) focusPillSoon(date, key, tries - 1);
  }, 40);
}
