/**
 * The rules a drag follows before its code has arrived (decision 051), shared with the sensors so both
 * agree: which keys a keyboard drag uses, how far a press travels before it is a drag, and which day a
 * point is over. Pure, no dnd-kit.
 */

export interface Point {
  x: number;
  y: number;
}

/** dnd-kit's key codes for a keyboard drag: Space picks up, Space or Enter drops, Escape or Tab cancels. */
export const DRAG_KEYS = { start: ['Space'], cancel: ['Escape', 'Tab'], end: ['Space', 'Enter'] } as const;

/** Days each arrow key moves a keyboard drag. */
export const KEY_STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

const has = (codes: readonly string[], code: string) => codes.includes(code);

/** A key that acts on a keyboard drag once it is under way (a move, a drop or a cancel). */
export const isDragKey = (code: string) => has(DRAG_KEYS.end, code) || has(DRAG_KEYS.cancel, code) || KEY_STEPS[code] !== undefined;

/** A key after which the drag is over, so later keys are the page's again. */
export const endsDrag = (code: string) => has(DRAG_KEYS.end, code) || has(DRAG_KEYS.cancel, code);

/** How far (px) a press must travel before it is a drag and not a click (dnd-kit's distance constraint). */
export const DRAG_DISTANCE = 5;

/** dnd-kit's test: strictly more than the distance, measured straight. */
export const hasTravelled = (from: Point, to: Point) => Math.hypot(to.x - from.x, to.y - from.y) > DRAG_DISTANCE;

/** The day whose drop zone holds the point, edges included (dnd-kit's `pointerWithin`). */
export function dayAt(
  point: Point,
  zones: Iterable<{ date: string; rect: Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'> }>,
): string | undefined {
  for (const { date, rect } of zones) {
    if (point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom) return date;
  }
  return undefined;
}
