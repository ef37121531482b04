import { KeyboardSensor, type Activators, type KeyboardSensorOptions, type SensorInstance, type SensorProps } from '@dnd-kit/core';
import { addDaysStr } from '../../../../shared/domain/dates';
import { dateOfDrop, dropId } from './drop';
import { anchorDay, KEY_STEPS } from './sensors';

/**
 * The keyboard sensor for days: dnd-kit's activation (Space on the item), then each arrow key moves the
 * item onto the neighbouring day or week, scrolling that day into view. Unlike dnd-kit's own keyboard
 * sensor it never scrolls the item's own container (an employee dragged out of the side panel would
 * scroll the panel), and it remembers the day it is on, so fast key presses never act on a stale one.
 */
export class DayKeyboardSensor implements SensorInstance {
  static activators: Activators<KeyboardSensorOptions> = KeyboardSensor.activators;
  autoScrollEnabled = false;
  private origin: { x: number; y: number } | undefined;
  private date: string | undefined;
  private readonly timer: number;

  constructor(private readonly props: SensorProps<KeyboardSensorOptions>) {
    props.onStart({ x: 0, y: 0 });
    window.addEventListener('resize', this.cancel);
    document.addEventListener('visibilitychange', this.cancel);
    // The key that picked the item up must not also move or drop it.
    this.timer = window.setTimeout(() => document.addEventListener('keydown', this.onKeyDown));
  }

  private onKeyDown = (event: KeyboardEvent) => {
    const codes = this.props.options.keyboardCodes;
    if (codes?.end.includes(event.code)) {
      event.preventDefault();
      this.detach();
      this.props.onEnd();
      return;
    }
    if (codes?.cancel.includes(event.code)) return this.cancel(event);
    const step = KEY_STEPS[event.code];
    const context = this.props.context.current;
    const rect = context.collisionRect;
    if (step === undefined || !rect) return;
    event.preventDefault();
    // Before the first move the item is where it was picked up: translate 0.
    this.origin ??= { x: rect.left, y: rect.top };
    const from = this.date ?? dateOfDrop(context.over?.id);
    const target = from ? addDaysStr(from, step) : anchorDay(context.droppableRects.keys());
    const cell = target ? context.droppableRects.get(dropId(target)) : undefined;
    if (!target || !cell) return;
    this.date = target;
    context.droppableContainers.get(dropId(target))?.node.current?.scrollIntoView({ block: 'nearest' });
    const x = cell.left + (cell.width - rect.width) / 2;
    const y = cell.top + (cell.height - rect.height) / 2;
    this.props.onMove({ x: x - this.origin.x, y: y - this.origin.y });
  };

  private cancel = (event?: Event) => {
    event?.preventDefault();
    this.detach();
    this.props.onCancel();
  };

  private detach() {
    window.clearTimeout(this.timer);
    window.removeEventListener('resize', this.cancel);
    document.removeEventListener('visibilitychange', this.cancel);
    document.removeEventListener('keydown', this.onKeyDown);
  }
}
