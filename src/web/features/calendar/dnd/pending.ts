import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { DragStart } from './context';
import type { DragItem } from './drop';
import type { DropZones } from './drop-zones';
import { endsDrag, hasTravelled, isDragKey, type Point } from './intent';

/** What the drag code (DragLayer) offers the calendar once it has arrived (decision 051). */
export interface DragLayerHandle {
  pointerDown: (e: ReactPointerEvent<HTMLElement>, start: DragStart) => void;
  /** True when the key picked the item up. */
  keyDown: (e: ReactKeyboardEvent<HTMLElement>, start: DragStart) => boolean;
  /** A press that began before the code arrived and is still down, the pointer now at `at`. */
  replayPress: (start: DragStart, down: PointerEvent, at: Point, travelled: boolean) => void;
  /** The pick-up key went by before the code arrived; true when the drag started. */
  replayKey: (start: DragStart, code: string, key: string) => boolean;
  /** A whole drag ended before the code arrived: drop the item on the day it was let go over. */
  drop: (item: DragItem, date: string) => void;
}

/**
 * A press on a draggable before the drag code arrived, followed until then: released without travelling
 * it was a click (forgotten); released after travelling it was a whole drag (its day kept for the drop);
 * still down, it is replayed and the pointer's travel handed over. Escape, a cancelled pointer, a resize
 * or a hidden page end it, as they end dnd-kit's pointer drags.
 */
export class PendingPress {
  private at: Point;
  private travelled = false;
  private dropDay: string | undefined;

  constructor(
    readonly start: DragStart,
    private readonly down: PointerEvent,
    private readonly zones: DropZones,
    private readonly forget: () => void,
  ) {
    this.at = { x: down.clientX, y: down.clientY };
    document.addEventListener('pointermove', this.onMove, true);
    document.addEventListener('pointerup', this.onUp, true);
    document.addEventListener('pointercancel', this.cancel, true);
    document.addEventListener('keydown', this.onKey, true);
    document.addEventListener('visibilitychange', this.cancel);
    window.addEventListener('resize', this.cancel);
  }

  handOver(layer: DragLayerHandle) {
    this.detach();
    if (this.dropDay) layer.drop(this.start.item, this.dropDay);
    else layer.replayPress(this.start, this.down, this.at, this.travelled);
  }

  cancel = () => {
    this.detach();
    this.forget();
  };

  private onMove = (e: PointerEvent) => {
    if (e.pointerId !== this.down.pointerId) return;
    this.at = { x: e.clientX, y: e.clientY };
    this.travelled ||= hasTravelled({ x: this.down.clientX, y: this.down.clientY }, this.at);
  };

  private onUp = (e: PointerEvent) => {
    if (e.pointerId !== this.down.pointerId) return;
    // A press that travelled was a drag, not a click on what it was let go over (dnd-kit does the same).
    if (this.travelled) swallowClick();
    this.dropDay = this.travelled ? this.zones.dayAt({ x: e.clientX, y: e.clientY }) : undefined;
    if (this.dropDay) this.detach();
    else this.cancel();
  };

  private onKey = (e: KeyboardEvent) => {
    if (e.code === 'Escape') this.cancel();
  };

  private detach() {
    document.removeEventListener('pointermove', this.onMove, true);
    document.removeEventListener('pointerup', this.onUp, true);
    document.removeEventListener('pointercancel', this.cancel, true);
    document.removeEventListener('keydown', this.onKey, true);
    document.removeEventListener('visibilitychange', this.cancel);
    window.removeEventListener('resize', this.cancel);
  }
}

function swallowClick() {
  const stop = (e: MouseEvent) => e.stopPropagation();
  document.addEventListener('click', stop, true);
  window.setTimeout(() => document.removeEventListener('click', stop, true), 50);
}

/**
 * The pick-up key on a draggable before the drag code arrived. The drag keys typed after it (arrows, the
 * drop, Escape) are held back from the page, in order, until the keyboard sensor takes them; after a drop
 * or a cancel the page has its keys again.
 */
export class PendingKey {
  private readonly keys: string[] = [];

  constructor(
    readonly start: DragStart,
    private readonly code: string,
    private readonly key: string,
  ) {
    document.addEventListener('keydown', this.onKey, true);
  }

  /** True when the drag started; the sensor then takes the held keys. */
  handOver(layer: DragLayerHandle): boolean {
    const started = layer.replayKey(this.start, this.code, this.key);
    if (!started) this.take();
    return started;
  }

  /** The keys held back so far, in order; later keys are no longer held. */
  take(): string[] {
    this.release();
    return this.keys.splice(0);
  }

  cancel = () => void this.take();

  private onKey = (e: KeyboardEvent) => {
    if (!isDragKey(e.code)) return;
    e.preventDefault();
    this.keys.push(e.code);
    if (endsDrag(e.code)) this.release();
  };

  private release() {
    document.removeEventListener('keydown', this.onKey, true);
  }
}
