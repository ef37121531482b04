import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
} from '@dnd-kit/core';
import {
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type Ref,
} from 'react';
import type { ActiveDrag, DragStart } from './context';
import { DayKeyboardSensor } from './DayKeyboardSensor';
import { DragPreview } from './DragPreview';
import { MoveShortfall } from './MoveShortfall';
import { dateOfDrop, dayLabel, dropId, itemLabel } from './drop';
import type { DropZone, DropZones } from './drop-zones';
import { DRAG_DISTANCE, type Point } from './intent';
import type { DragLayerHandle } from './pending';
import { collisionDetection, KEYBOARD_OPTIONS } from './sensors';
import { useDrop, type DropHandlers } from './use-drop';

export interface DragLayerProps extends DropHandlers {
  ref: Ref<DragLayerHandle>;
  zones: DropZones;
  active: ActiveDrag | null;
  onActive: (drag: ActiveDrag | null) => void;
  onOver: (day: string | undefined) => void;
  announce: (text: string) => void;
  takeEarlyKeys: () => string[];
}

/** The one draggable: pointed at whichever pill or side-panel item is pressed. */
const DRAG_ID = 'calendar-drag';
const POINTER = { activationConstraint: { distance: DRAG_DISTANCE } };
/** Scrolling starts within a tenth of a box's width of its side (dnd-kit's fifth ran the wide wallchart off at once). */
const AUTO_SCROLL = { threshold: { x: 0.1, y: 0.2 } };
/** The calendar draws the instructions and announces (DragScreenReaderText); dnd-kit's own stay empty. */
const SILENT: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};
const ACCESSIBILITY = { announcements: SILENT, screenReaderInstructions: { draggable: '' } };

/** The draggable's handle on dnd-kit: where it points, and dnd-kit's listeners to hand events to. */
interface GripHandle {
  point: (element: HTMLElement) => void;
  listeners: ReturnType<typeof useDraggable>['listeners'];
}

/**
 * dnd-kit's DndContext as a layer beside the calendar (decision 051), not around it: it arrives after the
 * calendar has drawn, and mounting it must not remount the calendar. Its one draggable is pointed at the
 * pressed element (a pill or a side-panel item); the days' drop overlays, drawn by the calendar, are made
 * droppables while something is dragged.
 */
export function DragLayer({ ref, zones, active, onActive, onOver, announce, takeEarlyKeys, ...handlers }: DragLayerProps) {
  const grip = useRef<GripHandle>(null);
  /** What the draggable stands for, from the moment dnd-kit takes the press or key until the drag ends. */
  const current = useRef<DragStart | null>(null);
  const keyboard = useMemo(() => ({ ...KEYBOARD_OPTIONS, takeEarlyKeys }), [takeEarlyKeys]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(DayKeyboardSensor, keyboard));
  const { drop, shortfall } = useDrop(handlers);

  useImperativeHandle(ref, () => {
    /** Points the draggable at the element and hands dnd-kit the event; false when dnd-kit did not take it. */
    const begin = (start: DragStart, native: Event, handOver: (listeners: NonNullable<GripHandle['listeners']>) => void): boolean => {
      const g = grip.current;
      // During a drag the draggable stays on the dragged element (a press elsewhere must not move it). A
      // replayed intent whose element went meanwhile (the side panel closed) has nothing left to drag.
      if (current.current || !g?.listeners || !start.element.isConnected) return false;
      g.point(start.element);
      current.current = start;
      handOver(g.listeners);
      // dnd-kit marks the events it takes.
      if (!('dndKit' in native)) current.current = null;
      return current.current === start;
    };
    return {
      pointerDown: (e: ReactPointerEvent<HTMLElement>, start: DragStart) => void begin(start, e.nativeEvent, (l) => l.onPointerDown(e)),
      keyDown: (e: ReactKeyboardEvent<HTMLElement>, start: DragStart) => {
        begin(start, e.nativeEvent, (l) => l.onKeyDown(e));
        return e.defaultPrevented;
      },
      replayPress: (start, down, at, travelled) => {
        if (begin(start, down, (l) => l.onPointerDown({ nativeEvent: down })) && travelled) movePointerTo(down, at);
      },
      replayKey: (start, code, key) => {
        const event = standInKey(start.element, code, key);
        return begin(start, event, (l) =>
          l.onKeyDown({
            nativeEvent: event,
            target: start.element,
            currentTarget: start.element,
            preventDefault: () => event.preventDefault(),
          }),
        );
      },
      drop: (item, date) => drop(item, date, false),
    };
  }, [drop]);

  const name = () => (current.current ? itemLabel(current.current.item) : 'item');
  const finish = () => {
    current.current = null;
    onActive(null);
    onOver(undefined);
  };

  return (
    <>
      {shortfall.refused ? <MoveShortfall shortfall={shortfall} refused={shortfall.refused} /> : null}
      <DndContext
        id="calendar-dnd-kit"
        sensors={sensors}
        collisionDetection={collisionDetection}
        autoScroll={AUTO_SCROLL}
        accessibility={ACCESSIBILITY}
        onDragStart={() => {
          const c = current.current;
          if (!c) return;
          onActive({ item: c.item, source: c.source });
          announce(`Picked up ${name()}.`);
        }}
        onDragOver={({ over }: DragOverEvent) => {
          onOver(dateOfDrop(over?.id));
          announce(over ? `${name()} is over ${dayLabel(over.id)}.` : `${name()} is no longer over a day.`);
        }}
        onDragEnd={({ over, activatorEvent }: DragEndEvent) => {
          const c = current.current;
          announce(
            over ? `${name()} was dropped on ${dayLabel(over.id)}.` : `${name()} was dropped outside the calendar. Nothing changed.`,
          );
          finish();
          const date = dateOfDrop(over?.id);
          if (c && date) drop(c.item, date, activatorEvent instanceof KeyboardEvent);
        }}
        onDragCancel={() => {
          announce(`Dragging was cancelled. ${name()} was not moved.`);
          finish();
        }}
        // A press let go before it travelled far enough: a click, no drag.
        onDragAbort={finish}
      >
        <Grip ref={grip} />
        <DropTargets zones={zones} dragging={active !== null} />
        <DragOverlay dropAnimation={null} zIndex={60}>
          {active ? <DragPreview item={active.item} /> : null}
        </DragOverlay>
      </DndContext>
    </>
  );
}

function Grip({ ref }: { ref: Ref<GripHandle> }) {
  const { listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: DRAG_ID });
  useImperativeHandle(
    ref,
    () => ({
      listeners,
      point: (element) => {
        setNodeRef(element);
        setActivatorNodeRef(element);
      },
    }),
    [listeners, setNodeRef, setActivatorNodeRef],
  );
  return null;
}

/** Droppables only while dragging (dnd-kit measures targets that appear mid-drag), so an idle calendar registers none. */
function DropTargets({ zones, dragging }: { zones: DropZones; dragging: boolean }) {
  const list = useSyncExternalStore(zones.subscribe, zones.list);
  return dragging ? list.map((zone) => <DropTarget key={zone.date} zone={zone} />) : null;
}

function DropTarget({ zone }: { zone: DropZone }) {
  const { setNodeRef } = useDroppable({ id: dropId(zone.date) });
  useLayoutEffect(() => setNodeRef(zone.node), [setNodeRef, zone.node]);
  return null;
}

/**
 * The pointer travelled while the code was loading, and may be resting now: dnd-kit's pointer sensor
 * learns where it is from moves, so two are sent where it is. The first starts the drag (it is past the
 * activation distance), the second places it there.
 */
function movePointerTo(down: PointerEvent, at: Point) {
  for (let i = 0; i < 2; i++) {
    const init = {
      clientX: at.x,
      clientY: at.y,
      pointerId: down.pointerId,
      pointerType: down.pointerType,
      isPrimary: true,
      bubbles: true,
      cancelable: true,
    };
    document.dispatchEvent(new PointerEvent('pointermove', init));
  }
}

/**
 * dnd-kit starts a keyboard drag from the pick-up key's event, but that key went by (and was held back
 * from the page) before the code arrived. This one stands in for it: never dispatched, so it does nothing
 * on the page, and aimed at the element the key was pressed on.
 */
function standInKey(element: HTMLElement, code: string, key: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { code, key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'target', { value: element });
  return event;
}
