/**
 * Sensors and collision rules for the calendar's single DndContext. Pointer drags drop on the day under
 * the pointer; keyboard drags step a day (left/right) or a week (up/down) at a time, landing on the
 * day whose cell holds the dragged item's centre.
 */
import { KeyboardCode, pointerWithin, type CollisionDetection, type KeyboardCoordinateGetter, type KeyboardSensorOptions } from '@dnd-kit/core';
import { addDaysStr } from '../../../../shared/domain/dates';
import { dateOfDrop, dropId } from './drop';

const STEPS: Record<string, number> = { [KeyboardCode.Left]: -1, [KeyboardCode.Right]: 1, [KeyboardCode.Up]: -7, [KeyboardCode.Down]: 7 };

export const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const r = args.collisionRect;
  return pointerWithin({ ...args, pointerCoordinates: { x: r.left + r.width / 2, y: r.top + r.height / 2 } });
};

/** Where a keyboard drag from the side panel lands first: the grid's focused day, else the first day target. */
function anchorDay(targets: Iterable<string | number>): string | undefined {
  const focused = document.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"][data-date]')?.dataset.date;
  if (focused) return focused;
  for (const id of targets) {
    const date = dateOfDrop(id);
    if (date) return date;
  }
  return undefined;
}

export function keyboardOptions(): KeyboardSensorOptions {
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context: { over, droppableRects, collisionRect } }) => {
    const step = STEPS[event.code];
    if (step === undefined || !collisionRect) return undefined;
    const from = dateOfDrop(over?.id);
    const target = from ? addDaysStr(from, step) : anchorDay(droppableRects.keys());
    const rect = target ? droppableRects.get(dropId(target)) : undefined;
    event.preventDefault();
    if (!rect) return undefined;
    return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + (rect.height - collisionRect.height) / 2 };
  };
  return {
    // Enter on a pill opens it; Space picks it up. Space or Enter drops, Escape cancels.
    keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space, KeyboardCode.Enter] },
    coordinateGetter,
    scrollBehavior: 'auto',
  };
}
