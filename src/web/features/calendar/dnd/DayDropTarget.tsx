import { useCallback, useContext } from 'react';
import { cn } from '../../../lib/cn';
import { ActiveDragContext, DropZonesContext, OverDayContext } from './context';
import { previewSpan } from './drop';

interface DayDropTargetProps {
  date: string;
  className?: string;
  /** False where the view draws the preview itself (the wallchart, in the dragged item's row). */
  outline?: boolean;
}

/**
 * A day as a drop target: an overlay over its cell (no pointer events of its own) that lights up the
 * days the dragged item would cover. The drag code makes it a dnd-kit droppable only while something is
 * being dragged (decision 051), so an idle month registers no droppables at all.
 */
export function DayDropTarget({ date, className, outline = true }: DayDropTargetProps) {
  const zones = useContext(DropZonesContext);
  const active = useContext(ActiveDragContext);
  const overDay = useContext(OverDayContext);
  const register = useCallback((node: HTMLDivElement | null) => (node ? zones?.add(date, node) : undefined), [zones, date]);
  const span = outline && active && overDay ? previewSpan(active.item, overDay) : null;
  const covered = !!span && date >= span.startDate && date <= span.endDate;
  return (
    <div
      ref={register}
      aria-hidden
      data-drop-preview={covered || undefined}
      className={cn('pointer-events-none absolute inset-0', covered && 'bg-primary/10 ring-2 ring-primary ring-inset', className)}
    />
  );
}
