import { useDroppable } from '@dnd-kit/core';
import { useContext } from 'react';
import { cn } from '../../../lib/cn';
import { ActiveItemContext } from './context';
import { dateOfDrop, dropId, previewSpan } from './drop';

/**
 * A day as a drop target: an overlay over its cell (no pointer events of its own) that lights up the
 * days the dragged item would cover. A separate component so only it re-renders while dragging.
 */
export function DayDropTarget({ date, className }: { date: string; className?: string }) {
  const item = useContext(ActiveItemContext);
  const { setNodeRef, over } = useDroppable({ id: dropId(date) });
  const overDate = dateOfDrop(over?.id);
  const span = item && overDate ? previewSpan(item, overDate) : null;
  const covered = !!span && date >= span.startDate && date <= span.endDate;
  return (
    <div
      ref={setNodeRef}
      aria-hidden
      data-drop-preview={covered || undefined}
      className={cn('pointer-events-none absolute inset-0', covered && 'bg-primary/10 ring-2 ring-primary ring-inset', className)}
    />
  );
}
