import { useContext, useImperativeHandle, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import type { CalendarDay } from '../model';
import { DragSourcesContext, type DragStart } from './context';
import { GRID_PILL_ID } from './drop';
import type { PillDragMode } from './span';

export interface GridDragHandlers {
  /** The pointer or focus reached something in the grid: a pill fetches the drag code (decision 051). */
  onReach: (target: EventTarget) => void;
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  /** True when the key picked a pill up (the grid then leaves the key alone). */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => boolean;
}

const EDITABLE_PILL = '[data-pill][data-editable]';

/** How far into a pill from its edge a press grabs the start or end handle. */
const HANDLE_PX = 8;

/**
 * The handles: bars on the first day's left edge and the last day's right edge, only while the pill (or a
 * wallchart bar) is hovered. Plain CSS keyed on :hover, so the other pills get no pseudo-elements (thousands cost ~15 ms).
 */
export const HANDLE_CSS = `[data-editable][data-start]:hover::before, [data-editable][data-end]:hover::after {
  content: ''; position: absolute; top: 0; bottom: 0; width: ${HANDLE_PX}px; cursor: ew-resize;
  background: color-mix(in srgb, var(--pill) 70%, transparent);
}
[data-editable][data-start]:hover::before { left: 0; }
[data-editable][data-end]:hover::after { right: 0; }`;

/** Which part of a pill (or a wallchart bar) a press at `clientX` grabs: an end's handle, or the whole. */
export function modeAt(pillEl: HTMLElement, clientX: number): PillDragMode {
  const r = pillEl.getBoundingClientRect();
  if (pillEl.dataset.start !== undefined && clientX - r.left <= HANDLE_PX) return 'start';
  if (pillEl.dataset.end !== undefined && r.right - clientX <= HANDLE_PX) return 'end';
  return 'move';
}

/**
 * One draggable for every pill of the grid: the grid forwards its pointer and key events here, this
 * works out which pill (and whether its start or end handle) was grabbed and hands that to the drag code,
 * which points its draggable at the element. Thousands of pills, no hook per pill; it renders only the
 * handles' CSS.
 */
export function GridDragSource({ byDate, ref }: { byDate: ReadonlyMap<string, CalendarDay>; ref: Ref<GridDragHandlers> }) {
  const sources = useContext(DragSourcesContext);

  useImperativeHandle(ref, () => {
    const startOf = (target: EventTarget, mode: (el: HTMLElement) => PillDragMode): DragStart | null => {
      const pillEl = (target as HTMLElement).closest<HTMLElement>(EDITABLE_PILL);
      const date = pillEl?.closest<HTMLElement>('[data-date]')?.dataset.date;
      const pill = pillEl && date ? byDate.get(date)?.pills[Number(pillEl.dataset.pill)] : undefined;
      if (!pillEl || !date || !pill) return null;
      return { element: pillEl, item: { kind: 'pill', mode: mode(pillEl), pill, origin: date }, source: GRID_PILL_ID };
    };
    return {
      onReach: (target) => {
        if (target instanceof Element && target.closest(EDITABLE_PILL)) sources?.reach();
      },
      onPointerDown: (e) => {
        const start = sources && startOf(e.target, (el) => modeAt(el, e.clientX));
        if (start) sources.pointerDown(e, start);
      },
      onKeyDown: (e) => {
        if (e.code !== 'Space' || !sources || !(e.target as HTMLElement).matches('[data-pill]')) return false;
        const start = startOf(e.target, () => 'move');
        return !!start && sources.keyDown(e, start);
      },
    };
  }, [byDate, sources]);
  return <style>{HANDLE_CSS}</style>;
}
