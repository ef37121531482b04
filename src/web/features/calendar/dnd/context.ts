import { createContext, type KeyboardEvent, type PointerEvent } from 'react';
import type { DragItem } from './drop';
import type { DropZones } from './drop-zones';

/** The hidden drag instructions the pills and side-panel items are described by (rendered with the calendar). */
export const DND_INSTRUCTIONS_ID = 'calendar-dnd';

/** What a press or key on a draggable starts: the element, what it stands for, and which draggable it is. */
export interface DragStart {
  element: HTMLElement;
  item: DragItem;
  /** `grid-pill` for every pill of the grid, the item's id for a side-panel item. */
  source: string;
}

/** The item being dragged and where it came from: for the drop previews, the faded pill, the side item's look. */
export interface ActiveDrag {
  item: DragItem;
  source: string;
}

/**
 * How the draggables reach the drag code, which loads on first intent (decision 051): a press or the
 * pick-up key starts a drag (replayed once the code has arrived); hovering or focusing fetches it.
 */
export interface DragSources {
  reach: () => void;
  pointerDown: (e: PointerEvent<HTMLElement>, start: DragStart) => void;
  /** True when the key picked the item up (the caller then leaves the key alone). */
  keyDown: (e: KeyboardEvent<HTMLElement>, start: DragStart) => boolean;
}

/** Null outside the calendar, and for readers (nothing drags). */
export const DragSourcesContext = createContext<DragSources | null>(null);
export const ActiveDragContext = createContext<ActiveDrag | null>(null);
/** The day the dragged item is over. */
export const OverDayContext = createContext<string | undefined>(undefined);
export const DropZonesContext = createContext<DropZones | null>(null);
