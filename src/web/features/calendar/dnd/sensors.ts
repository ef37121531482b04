/**
 * Collision and keyboard rules for the calendar's single DndContext. Pointer drags drop on the day under
 * the pointer; keyboard drags step a day (left/right) or a week (up/down) at a time, landing on the
 * day whose cell holds the dragged item's centre.
 */
import { KeyboardCode, pointerWithin, type CollisionDetection, type KeyboardSensorOptions } from '@dnd-kit/core';
import { dateOfDrop } from './drop';

export const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const r = args.collisionRect;
  return pointerWithin({ ...args, pointerCoordinates: { x: r.left + r.width / 2, y: r.top + r.height / 2 } });
};

/** Days each arrow key moves a keyboard drag. */
export const KEY_STEPS: Record<string, number> = { [KeyboardCode.Left]: -1, [KeyboardCode.Right]: 1, [KeyboardCode.Up]: -7, [KeyboardCode.Down]: 7 };

/** Enter on a pill opens it; Space picks it up. Space or Enter drops, Escape (or Tab) cancels. */
export const KEYBOARD_OPTIONS: KeyboardSensorOptions = {
  keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc, KeyboardCode.Tab], end: [KeyboardCode.Space, KeyboardCode.Enter] },
};

/** Where a keyboard drag from the side panel lands first: the grid's focused day, else the first day target. */
export function anchorDay(targets: Iterable<string | number>): string | undefined {
  const focused = document.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"][data-date]')?.dataset.date;
  if (focused) return focused;
  for (const id of targets) {
    const date = dateOfDrop(id);
    if (date) return date;
  }
  return undefined;
}
