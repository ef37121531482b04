/**
 * Collision and keyboard rules for the calendar's DndContext. Pointer drags drop on the day under the
 * pointer; keyboard drags step a day (left/right) or a week (up/down) at a time, landing on the day whose
 * cell holds the dragged item's centre.
 */
import { pointerWithin, type CollisionDetection, type KeyboardCodes, type KeyboardSensorOptions } from '@dnd-kit/core';
import { dateOfDrop } from './drop';
import { AREA, inShownDays, shownDays } from './drop-area';
import { dayAt, DRAG_KEYS, type Point } from './intent';

/**
 * Where the pointer is now, in the viewport. dnd-kit's own pointer coordinates and day rectangles go stale once
 * the page scrolls under a resting pointer (its auto-scroll near the window's edge): a drop near the bottom
 * landed a week below the pointer (decision 115). The last pointer event is the truth.
 */
let pointerNow: Point | null = null;
const track = (e: PointerEvent) => {
  pointerNow = { x: e.clientX, y: e.clientY };
};
if (typeof window !== 'undefined') {
  window.addEventListener('pointermove', track, { capture: true, passive: true });
  window.addEventListener('pointerdown', track, { capture: true, passive: true });
}

/**
 * A pointer drag drops on the day whose target is under the pointer now, measured now; a keyboard drag (no
 * pointer coordinates) on the day holding the dragged item's centre, as dnd-kit's `pointerWithin` does.
 */
export const collisionDetection: CollisionDetection = (args) => {
  const r = args.collisionRect;
  if (args.pointerCoordinates && pointerNow) {
    const point = pointerNow;
    for (const container of args.droppableContainers) {
      const node = container.node.current;
      // Columns of a scrolling box (the wallchart) count only where the box shows them.
      if (!node || !inShownDays(node, point)) continue;
      if (dayAt(point, [{ date: String(container.id), rect: node.getBoundingClientRect() }]) !== undefined)
        return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
    }
    return [];
  }
  const point = args.pointerCoordinates ?? { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  const droppableContainers = args.droppableContainers.filter((c) => inShownDays(c.node.current, point));
  return pointerWithin({ ...args, droppableContainers, pointerCoordinates: point });
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

/**
 * Where a keyboard drag rests on a day target: a drop area's row marked `data-drop-row` (the wallchart's
 * focused row) instead of the middle of a column thousands of pixels tall. Scrolls the target's column into
 * what the area shows; null when the target is not in a drop area (the caller scrolls it as before).
 */
export function restInDropArea(node: HTMLElement | null | undefined): { top: number; height: number } | null {
  const area = node?.closest<HTMLElement>(AREA);
  if (!node || !area) return null;
  const s = shownDays(area);
  const n = node.getBoundingClientRect();
  if (n.left < s.left) area.scrollLeft -= s.left - n.left;
  else if (n.right > s.right) area.scrollLeft += n.right - s.right;
  const row = area.querySelector<HTMLElement>('[data-drop-row]')?.getBoundingClientRect();
  return row ? { top: row.top, height: row.height } : { top: s.top, height: s.bottom - s.top };
}
