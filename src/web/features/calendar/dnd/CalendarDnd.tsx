import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { idleModule } from '../../../lib/idle-module';
import { useCanWrite } from '../../../lib/session';
import { SIDE_PANEL_ID } from '../SidePanel';
import { ActiveDragContext, DragSourcesContext, DropZonesContext, OverDayContext, type ActiveDrag } from './context';
import { DragScreenReaderText } from './DragScreenReaderText';
import type { DragItem } from './drop';
import { DropZones } from './drop-zones';
import type { DragLayerHandle } from './pending';
import { useFirstIntent } from './use-first-intent';

/** dnd-kit and everything only a drag needs (decision 051): fetched when idle after the first draw, or on first intent. */
const dragLayer = idleModule(() => import('./DragLayer'));

interface CalendarDndProps {
  onEmployeeDrop: (employee: TEmployee, date: string) => void;
  onTemplateDrop: (color: string, date: string) => void;
  /** The layout of the element that holds the calendar and the side panel. */
  className?: string;
  children: ReactNode;
}

/** While dragging, the whole page shows the drag's cursor: move for pills, resize for handles, copy for new items; the dragged pill's days fade. */
const CURSOR_CSS = [
  ...['move', 'copy', 'ew-resize'].map(
    (c) => `html[data-drag-cursor="${c}"], html[data-drag-cursor="${c}"] * { cursor: ${c} !important; }`,
  ),
  // Narrow screens: the side panel is a drawer over the calendar; it steps aside while its item is dragged.
  `@media (width < 64rem) { html[data-drag-cursor="copy"] :is(#${SIDE_PANEL_ID}, :has(+ #${SIDE_PANEL_ID})) { opacity: 0; pointer-events: none; } }`,
].join('\n');
const cursorOf = (item: DragItem) => (item.kind !== 'pill' ? 'copy' : item.mode === 'move' ? 'move' : 'ew-resize');

/**
 * The calendar's drag and drop (spec §2 "Drag and drop"): employees and note templates from the side
 * panel, pills and their handles in the grid, days as drop targets; pointer and keyboard, announced.
 * dnd-kit is not in the calendar's arrival bundle (decision 051): its DndContext is a layer beside the
 * calendar, mounted once its code is there, so the calendar itself never remounts; what the draggables
 * start before then is replayed (useFirstIntent). The instructions and the live region are drawn here
 * from the start, so the first pick-up is announced too.
 */
export function CalendarDnd({ onEmployeeDrop, onTemplateDrop, className, children }: CalendarDndProps) {
  const canEdit = useCanWrite();
  const layerModule = dragLayer.use(canEdit);
  const layer = useRef<DragLayerHandle>(null);
  const [zones] = useState(() => new DropZones());
  const [active, setActive] = useState<ActiveDrag | null>(null);
  const [overDay, setOverDay] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const { sources, takeEarlyKeys } = useFirstIntent(layer, layerModule !== null, dragLayer.load, zones);

  const onActive = useCallback((drag: ActiveDrag | null) => {
    setActive(drag);
    if (drag) document.documentElement.dataset.dragCursor = cursorOf(drag.item);
    else delete document.documentElement.dataset.dragCursor;
  }, []);

  return (
    <DragSourcesContext.Provider value={canEdit ? sources : null}>
      <DropZonesContext.Provider value={zones}>
        <ActiveDragContext.Provider value={active}>
          <OverDayContext.Provider value={overDay}>
            <div className={className}>{children}</div>
            {canEdit && layerModule ? (
              <layerModule.DragLayer
                ref={layer}
                zones={zones}
                active={active}
                onActive={onActive}
                onOver={setOverDay}
                announce={setAnnouncement}
                takeEarlyKeys={takeEarlyKeys}
                onEmployeeDrop={onEmployeeDrop}
                onTemplateDrop={onTemplateDrop}
              />
            ) : null}
            {canEdit ? <DragScreenReaderText announcement={announcement} /> : null}
          </OverDayContext.Provider>
        </ActiveDragContext.Provider>
      </DropZonesContext.Provider>
      <style>{active?.item.kind === 'pill' ? `${CURSOR_CSS}\n[data-key="${active.item.pill.key}"] { opacity: 0.45; }` : CURSOR_CSS}</style>
    </DragSourcesContext.Provider>
  );
}
