import { useContext, type CSSProperties, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { ActiveDragContext, DND_INSTRUCTIONS_ID, DragSourcesContext } from './context';
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

/**
 * An employee or note template in the side panel that can be dropped on a day (pointer or keyboard).
 * It carries dnd-kit's draggable attributes itself and hands presses and keys to the drag code, which
 * loads on first intent (decision 051): hovering or focusing it fetches that code.
 */
export function SideDraggable({ id, item, disabled, className, style, children }: SideDraggableProps) {
  const sources = useContext(DragSourcesContext);
  const active = useContext(ActiveDragContext);
  if (disabled || !sources) {
    return (
      <div className={className} style={style}>
        {children}
      </div>
    );
  }
  const dragging = active?.source === id;
  return (
    <div
      role="button"
      tabIndex={0}
      aria-disabled={false}
      aria-pressed={dragging || undefined}
      aria-roledescription="draggable"
      aria-describedby={DND_INSTRUCTIONS_ID}
      onPointerEnter={sources.reach}
      onFocus={sources.reach}
      onPointerDown={(e) => sources.pointerDown(e, { element: e.currentTarget, item, source: id })}
      onKeyDown={(e) => void sources.keyDown(e, { element: e.currentTarget, item, source: id })}
      className={cn(
        className,
        'cursor-copy touch-none select-none focus-visible:outline-2 focus-visible:outline-ring',
        dragging && 'opacity-50',
      )}
      style={style}
    >
      {children}
    </div>
  );
}
