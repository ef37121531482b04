import { KeyboardCode } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { DropZones } from './drop-zones';
import { dayAt, endsDrag, hasTravelled, isDragKey, KEY_STEPS } from './intent';
import { KEYBOARD_OPTIONS } from './sensors';

const rect = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe('keys held back before the drag code arrives', () => {
  it('are the keys of a drag under way: arrows, the drops, the cancels', () => {
    for (const code of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Space', 'Enter', 'Escape', 'Tab'])
      expect(isDragKey(code), code).toBe(true);
    for (const code of ['KeyT', 'KeyM', 'Home', 'End', 'ShiftLeft', 'Slash']) expect(isDragKey(code), code).toBe(false);
  });

  it('stop being held after a drop or a cancel, not after a move', () => {
    expect(['Space', 'Enter', 'Escape', 'Tab'].map(endsDrag)).toEqual([true, true, true, true]);
    expect(['ArrowLeft', 'ArrowDown'].map(endsDrag)).toEqual([false, false]);
  });

  it('match the codes dnd-kit compares with, and move by a day or a week', () => {
    expect(KEYBOARD_OPTIONS.keyboardCodes).toEqual({
      start: [KeyboardCode.Space],
      cancel: [KeyboardCode.Esc, KeyboardCode.Tab],
      end: [KeyboardCode.Space, KeyboardCode.Enter],
    });
    expect(KEY_STEPS).toEqual({ [KeyboardCode.Left]: -1, [KeyboardCode.Right]: 1, [KeyboardCode.Up]: -7, [KeyboardCode.Down]: 7 });
  });
});

describe('a press before the drag code arrives', () => {
  it('is a drag once it has travelled more than 5 px, straight', () => {
    expect(hasTravelled({ x: 10, y: 10 }, { x: 15, y: 10 })).toBe(false);
    expect(hasTravelled({ x: 10, y: 10 }, { x: 16, y: 10 })).toBe(true);
    // 3-4-5: exactly 5 px is not more than 5.
    expect(hasTravelled({ x: 0, y: 0 }, { x: -3, y: 4 })).toBe(false);
    expect(hasTravelled({ x: 0, y: 0 }, { x: 4, y: -4 })).toBe(true);
  });

  it('drops on the day whose zone holds the point, edges included', () => {
    const zones = [
      { date: '2027-03-15', rect: rect(0, 0, 100, 80) },
      { date: '2027-03-16', rect: rect(101, 0, 200, 80) },
    ];
    expect(dayAt({ x: 50, y: 40 }, zones)).toBe('2027-03-15');
    expect(dayAt({ x: 100, y: 80 }, zones)).toBe('2027-03-15');
    expect(dayAt({ x: 101, y: 0 }, zones)).toBe('2027-03-16');
    expect(dayAt({ x: 100.5, y: 40 }, zones)).toBeUndefined();
    expect(dayAt({ x: 150, y: 81 }, zones)).toBeUndefined();
  });
});

describe('drop zones', () => {
  const node = (r: ReturnType<typeof rect>, area: HTMLElement | null = null) =>
    ({ getBoundingClientRect: () => r, closest: () => area }) as unknown as HTMLElement;

  it('list the drawn zones, tell listeners of each change, and forget a zone when it goes', () => {
    const zones = new DropZones();
    let changes = 0;
    zones.subscribe(() => changes++);
    const a = node(rect(0, 0, 100, 80));
    const removeA = zones.add('2027-03-15', a);
    zones.add('2027-03-16', node(rect(101, 0, 200, 80)));
    const before = zones.list();
    expect(before.map((z) => z.date)).toEqual(['2027-03-15', '2027-03-16']);
    expect(zones.dayAt({ x: 150, y: 10 })).toBe('2027-03-16');
    removeA();
    expect(changes).toBe(3);
    expect(zones.list().map((z) => z.date)).toEqual(['2027-03-16']);
    expect(before).toHaveLength(2);
    expect(zones.dayAt({ x: 50, y: 10 })).toBeUndefined();
  });

  it('count a column of a scrolling box only where the box shows its days', () => {
    // The wallchart's box at (10, 100), 600 × 300 inside a 1 px border, a 52 px header and 200 px of names
    // sticky in it: its days show from x 211 to 611 and from y 153 to 401.
    const area = {
      getBoundingClientRect: () => rect(10, 100, 612, 402),
      clientLeft: 1,
      clientTop: 1,
      clientWidth: 600,
      clientHeight: 300,
      dataset: { dropInsetTop: '52', dropInsetLeft: '200' },
    } as unknown as HTMLElement;
    const zones = new DropZones();
    // A column 56 px wide running the grid's whole height, far above and below the box.
    zones.add('2031-03-05', node(rect(300, -2000, 356, 30000), area));
    expect(zones.dayAt({ x: 320, y: 200 })).toBe('2031-03-05');
    expect(zones.dayAt({ x: 320, y: 120 })).toBeUndefined();
    expect(zones.dayAt({ x: 320, y: 50 })).toBeUndefined();
    expect(zones.dayAt({ x: 320, y: 420 })).toBeUndefined();
    expect(zones.dayAt({ x: 320, y: 400 })).toBe('2031-03-05');
    const underNames = new DropZones();
    underNames.add('2031-03-02', node(rect(150, -2000, 206, 30000), area));
    expect(underNames.dayAt({ x: 180, y: 200 })).toBeUndefined();
    expect(underNames.dayAt({ x: 205, y: 200 })).toBeUndefined();
  });
});
