import { useDraggable } from '@dnd-kit/core';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { DragItem } from './drop';

interface SideDraggableProps {
  id: string;
  item: DragItem;
  /** Read-only users: a plain item, not draggable. */
  disabled: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** An employee or note template in the side panel that can be dropped on a day (pointer or keyboard). */
export function SideDraggable({ id, item, disabled, className, style, children }: SideDraggableProps) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({ id, data: item, disabled });
  if (disabled) {
    return (
      <div className={className} style={style}>
        {children}
      </div>
    );
  }
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-roledescription="draggable"
      className={cn(className, 'cursor-copy touch-none select-none focus-visible:outline-2 focus-visible:outline-ring', isDragging && 'opacity-50')}
      style={style}
    >
      {children}
    </div>
  );
}
