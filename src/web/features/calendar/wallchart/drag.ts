/** How the wallchart's bars enter the calendar's drag and drop (decisions 051, 090): as the month's pills do. */
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { DragStart } from '../dnd/context';
import { GRID_PILL_ID, type DragItem } from '../dnd/drop';
import type { PillDragMode } from '../dnd/span';
import { exceptionPillText, type ExceptionPill } from '../model';
import type { WallBar } from './rows';

/** The exception as the month grid's pill for it: what the drop outcomes, the preview and the announcements read. */
export const barPill = (e: TExceptionView): ExceptionPill => ({
  kind: 'exception',
  key: `e${e.id}`,
  id: e.id,
  text: exceptionPillText(e, false),
  color: e.reasonColor,
  continued: false,
  exception: e,
});

/** A bar picked up on `date` (a move shifts by the days from there) or by one end's handle. */
export const barDragStart = (element: HTMLElement, bar: WallBar, date: string, mode: PillDragMode): DragStart => ({
  element,
  item: { kind: 'pill', mode, pill: barPill(bar.exception), origin: date },
  source: GRID_PILL_ID,
});

/** The employee whose row a dragged item belongs in: an exception's, or the employee dragged from the side panel. */
export function draggedEmployee(item: DragItem): number | null {
  if (item.kind === 'pill') return item.pill.kind === 'exception' ? item.pill.exception.employeeId : null;
  if (item.kind !== 'employee') return null;
  const id = (item.employee as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}

/** CalendarDnd marks the page while an item is dragged (its cursor): the grid's keys are then the drag's. */
export const isDragging = () => document.documentElement.dataset.dragCursor !== undefined;
