import { useDroppable } from '@dnd-kit/core';
import { useContext } from 'react';
import { cn } from '../../../lib/cn';
import { ActiveItemContext } from './context';
import { dateOfDrop, dropId, previewSpan, type DragItem } from './drop';

interface DayDropTargetProps {
  date: string;
  className?: string;
}

/**
 * A day as a drop target: an overlay over its cell (no pointer events of its own) that lights up the
 * days the dragged item would cover. It registers with dnd-kit only while something is being dragged
 * (dnd-kit measures targets that appear mid-drag), so an idle month renders no droppables at all.
 */
export function DayDropTarget({ date, className }: DayDropTargetProps) {
  const item = useContext(ActiveItemContext);
  return item ? <DropZone date={date} item={item} className={className} /> : null;
}

function DropZone({ date, item, className }: DayDropTargetProps & { item: DragItem }) {
  const { setNodeRef, over } = useDroppable({ id: dropId(date) });
  const overDate = dateOfDrop(over?.id);
  const span = overDate ? previewSpan(item, overDate) : null;
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
