import { createContext } from 'react';
import type { DragItem } from './drop';

/** The DndContext's id; dnd-kit names its hidden drag instructions after it, so pills can point at them. */
export const DND_ID = 'calendar-dnd';
export const DND_INSTRUCTIONS_ID = DND_ID;

/** The grid tells the calendar which pill (and which part of it) is about to be dragged. */
export const PendingDragContext = createContext<(item: DragItem | null) => void>(() => undefined);
/** The item being dragged, for the drop targets' preview of the days it would cover. */
export const ActiveItemContext = createContext<DragItem | null>(null);
