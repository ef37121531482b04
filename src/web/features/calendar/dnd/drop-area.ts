import type { Point } from './intent';

/**
 * Day targets inside a scrolling box (the wallchart's day columns, decision 090) run the box's whole height,
 * far past what is shown. The box marks itself `data-drop-area`, with the size of its sticky header and
 * column as `data-drop-inset-top` and `-left`: a point counts only inside what is shown of the days, so a
 * drop over the toolbar above the box, or over the names, lands nowhere. Targets outside such a box are
 * left alone (the month and week grids).
 */
export const AREA = '[data-drop-area]';

export function shownDays(area: HTMLElement) {
  const r = area.getBoundingClientRect();
  const left = r.left + area.clientLeft;
  const top = r.top + area.clientTop;
  return {
    left: left + Number(area.dataset.dropInsetLeft ?? 0),
    top: top + Number(area.dataset.dropInsetTop ?? 0),
    right: left + area.clientWidth,
    bottom: top + area.clientHeight,
  };
}

/** False when the target is in a drop area and the point is outside what the area shows of its days. */
export function inShownDays(node: Element | null | undefined, point: Point): boolean {
  const area = node?.closest<HTMLElement>(AREA);
  if (!area) return true;
  const s = shownDays(area);
  return point.x >= s.left && point.x <= s.right && point.y >= s.top && point.y <= s.bottom;
}
