import { useDraggable } from '@dnd-kit/core';
import { useContext, useImperativeHandle, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import type { CalendarDay } from '../model';
import { PendingDragContext } from './context';
import { GRID_PILL_ID, type DragItem } from './drop';
import type { PillDragMode } from './span';

export interface GridDragHandlers {
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  /** True when the key picked a pill up (the grid then leaves the key alone). */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => boolean;
}

/** How far into a pill from its edge a press grabs the start or end handle. */
const HANDLE_PX = 8;

/**
 * The handles: bars on the first day's left edge and the last day's right edge, only while the pill is
 * hovered. Plain CSS keyed on :hover, so the other pills get no pseudo-elements (thousands cost ~15 ms).
 */
const HANDLE_CSS = `[data-editable][data-start]:hover::before, [data-editable][data-end]:hover::after {
  content: ''; position: absolute; top: 0; bottom: 0; width: ${HANDLE_PX}px; cursor: ew-resize;
  background: color-mix(in srgb, var(--pill) 70%, transparent);
}
[data-editable][data-start]:hover::before { left: 0; }
[data-editable][data-end]:hover::after { right: 0; }`;

function modeAt(pillEl: HTMLElement, clientX: number): PillDragMode {
  const r = pillEl.getBoundingClientRect();
  if (pillEl.dataset.start !== undefined && clientX - r.left <= HANDLE_PX) return 'start';
  if (pillEl.dataset.end !== undefined && r.right - clientX <= HANDLE_PX) return 'end';
  return 'move';
}

/**
 * One draggable for every pill of the grid: the grid forwards its pointer and key events here, this
 * works out which pill (and whether its start or end handle) was grabbed, points the draggable at that
 * element and lets dnd-kit's sensors take over. Thousands of pills, one hook; it renders only the handles' CSS.
 */
export function GridDragSource({ byDate, ref }: { byDate: ReadonlyMap<string, CalendarDay>; ref: Ref<GridDragHandlers> }) {
  const setPending = useContext(PendingDragContext);
  const { listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: GRID_PILL_ID });

  useImperativeHandle(ref, () => {
    const grab = (target: EventTarget, mode: (el: HTMLElement) => PillDragMode): boolean => {
      const pillEl = (target as HTMLElement).closest<HTMLElement>('[data-pill][data-editable]');
      const date = pillEl?.closest<HTMLElement>('[data-date]')?.dataset.date;
      const pill = pillEl && date ? byDate.get(date)?.pills[Number(pillEl.dataset.pill)] : undefined;
      if (!pillEl || !date || !pill) return false;
      const item: DragItem = { kind: 'pill', mode: mode(pillEl), pill, origin: date };
      setPending(item);
      setNodeRef(pillEl);
      setActivatorNodeRef(pillEl);
      return true;
    };
    return {
      onPointerDown: (e) => {
        if (listeners?.onPointerDown && grab(e.target, (el) => modeAt(el, e.clientX))) listeners.onPointerDown(e);
      },
      onKeyDown: (e) => {
        if (e.code !== 'Space' || !listeners?.onKeyDown || !(e.target as HTMLElement).matches('[data-pill]')) return false;
        if (!grab(e.target, () => 'move')) return false;
        listeners.onKeyDown(e);
        return e.defaultPrevented;
      },
    };
  }, [byDate, listeners, setNodeRef, setActivatorNodeRef, setPending]);
  return <style>{HANDLE_CSS}</style>;
}
