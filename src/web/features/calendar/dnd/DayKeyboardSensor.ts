import { KeyboardSensor, type Activators, type KeyboardSensorOptions, type SensorInstance, type SensorProps } from '@dnd-kit/core';
import { addDaysStr } from '../../../../shared/domain/dates';
import { dateOfDrop, dropId } from './drop';
import { KEY_STEPS } from './intent';
import { anchorDay, restInDropArea } from './sensors';

export interface DayKeyboardOptions extends KeyboardSensorOptions {
  /** The keys typed after the pick-up but before this sensor existed (its code was still loading), in order. */
  takeEarlyKeys?: () => string[];
}

/** Frames the queued keys wait, in all, for dnd-kit to catch up before they act on what is known. */
const MAX_WAIT_FRAMES = 30;

/**
 * The keyboard sensor for days: dnd-kit's activation (Space on the item), then each arrow key moves the
 * item onto the neighbouring day or week, scrolling that day into view. Unlike dnd-kit's own keyboard
 * sensor it never scrolls the item's own container (an employee dragged out of the side panel would
 * scroll the panel), and it remembers the day it is on, so fast key presses never act on a stale one.
 *
 * dnd-kit measures the day cells a frame or two after the pick-up. A key pressed before that (a fast
 * typist, or a busy machine) would find no cell to move to, and a drop pressed before dnd-kit has seen the
 * last move would land on the day before it; so keys are queued, in order, until dnd-kit has caught up.
 */
export class DayKeyboardSensor implements SensorInstance {
  static activators: Activators<DayKeyboardOptions> = KeyboardSensor.activators;
  autoScrollEnabled = false;
  private origin: { x: number; y: number } | undefined;
  private date: string | undefined;
  /** The day of the grid pill that was picked up; undefined for items from the side panel. */
  private readonly pickedFrom: string | undefined;
  private readonly queue: string[] = [];
  private frame = 0;
  private waited = 0;
  private done = false;

  constructor(private readonly props: SensorProps<DayKeyboardOptions>) {
    const target = props.event.target;
    this.pickedFrom =
      target instanceof Element ? (target.closest<HTMLElement>('[role="gridcell"][data-date]')?.dataset.date ?? undefined) : undefined;
    props.onStart({ x: 0, y: 0 });
    window.addEventListener('resize', this.cancel);
    document.addEventListener('visibilitychange', this.cancel);
    // Keys typed before this sensor existed come first, then the page's, listened to from now on: a
    // listener added on a timer missed a key pressed right after the pick-up (the browser may run input
    // before timers).
    this.queue.push(...(props.options.takeEarlyKeys?.() ?? []));
    document.addEventListener('keydown', this.onKeyDown);
    this.flush();
  }

  private onKeyDown = (event: KeyboardEvent) => {
    // The key that picked the item up, still on its way up to the document, must not also move or drop it.
    if (event === this.props.event) return;
    const codes = this.props.options.keyboardCodes;
    const known = codes?.end.includes(event.code) || codes?.cancel.includes(event.code) || KEY_STEPS[event.code] !== undefined;
    if (!known) return;
    event.preventDefault();
    this.queue.push(event.code);
    this.flush();
  };

  /** Whether `code` can act now: the days are measured, and a drop waits until dnd-kit sees the item over its last day. */
  private ready(code: string): boolean {
    const context = this.props.context.current;
    if (!context.collisionRect || context.droppableRects.size === 0) return false;
    const ending = this.props.options.keyboardCodes?.end.includes(code);
    return !ending || this.date === undefined || dateOfDrop(context.over?.id) === this.date;
  }

  private flush = () => {
    this.frame = 0;
    while (this.queue.length && !this.done) {
      if (!this.ready(this.queue[0]) && this.waited < MAX_WAIT_FRAMES) {
        this.waited++;
        this.frame = window.requestAnimationFrame(this.flush);
        return;
      }
      this.apply(this.queue.shift()!);
    }
  };

  private apply(code: string) {
    const codes = this.props.options.keyboardCodes;
    if (codes?.end.includes(code)) {
      this.detach();
      this.props.onEnd();
      return;
    }
    if (codes?.cancel.includes(code)) return this.cancel();
    const context = this.props.context.current;
    const rect = context.collisionRect;
    if (!rect) return;
    // Before the first move the item is where it was picked up: translate 0.
    this.origin ??= { x: rect.left, y: rect.top };
    const from = this.date ?? this.pickedFrom ?? dateOfDrop(context.over?.id);
    const target = from ? addDaysStr(from, KEY_STEPS[code]) : anchorDay(context.droppableRects.keys());
    const cell = target ? context.droppableRects.get(dropId(target)) : undefined;
    if (!target || !cell) return;
    this.date = target;
    const node = context.droppableContainers.get(dropId(target))?.node.current;
    // A wallchart column is as tall as all its rows: the item rests in the focused row, and only the column is scrolled to.
    const band = restInDropArea(node);
    if (!band) node?.scrollIntoView({ block: 'nearest' });
    const { top, height } = band ?? cell;
    const x = cell.left + (cell.width - rect.width) / 2;
    const y = top + (height - rect.height) / 2;
    this.props.onMove({ x: x - this.origin.x, y: y - this.origin.y });
  }

  private cancel = (event?: Event) => {
    event?.preventDefault();
    this.detach();
    this.props.onCancel();
  };

  private detach() {
    this.done = true;
    window.cancelAnimationFrame(this.frame);
    window.removeEventListener('resize', this.cancel);
    document.removeEventListener('visibilitychange', this.cancel);
    document.removeEventListener('keydown', this.onKeyDown);
  }
}
