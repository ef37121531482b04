/**
 * Collision and keyboard rules for the calendar's DndContext. Pointer drags drop on the day under the
 * pointer; keyboard drags step a day (left/right) or a week (up/down) at a time, landing on the day whose
 * cell holds the dragged item's centre.
 */
import { pointerWithin, type CollisionDetection, type KeyboardCodes, type KeyboardSensorOptions } from '@dnd-kit/core';
import { dateOfDrop } from './drop';
import { DRAG_KEYS } from './intent';

export const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const r = args.collisionRect;
  return pointerWithin({ ...args, pointerCoordinates: { x: r.left + r.width / 2, y: r.top + r.height / 2 } });
};

/** Enter on a pill opens it; Space picks it up. Space or Enter drops, Escape (or Tab) cancels. */
export const KEYBOARD_OPTIONS: KeyboardSensorOptions = {
  // The codes are kept in intent.ts, free of dnd-kit, for the keys typed before this code arrives; dnd-kit
  // types the same strings as its own enum.
  keyboardCodes: { start: [...DRAG_KEYS.start], cancel: [...DRAG_KEYS.cancel], end: [...DRAG_KEYS.end] } as KeyboardCodes,
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
