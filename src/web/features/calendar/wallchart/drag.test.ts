import { describe, expect, it } from 'vitest';
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import { barDragStart, barPill, draggedEmployee } from './drag';

const leave = {
  id: 12,
  employeeId: 7,
  employeeName: 'Ana',
  reasonName: 'Annual Leave',
  reasonColor: '#3b82f6',
  startDate: '2031-03-04',
  endDate: '2031-03-06',
} as unknown as TExceptionView;

describe('a bar in the drag and drop', () => {
  it("is the month grid's pill for its exception", () => {
    expect(barPill(leave)).toEqual({
      kind: 'exception',
      key: 'e12',
      id: 12,
      text: 'Ana – Annual Leave',
      color: '#3b82f6',
      continued: false,
      exception: leave,
    });
  });

  it('starts from the day it was picked up on, by its body or an end', () => {
    const element = {} as HTMLElement;
    const bar = { exception: leave, from: 3, to: 5, lane: 0 };
    expect(barDragStart(element, bar, '2031-03-05', 'move')).toMatchObject({
      element,
      source: 'grid-pill',
      item: { kind: 'pill', mode: 'move', origin: '2031-03-05', pill: { key: 'e12' } },
    });
    expect(barDragStart(element, bar, '2031-03-06', 'end').item).toMatchObject({ mode: 'end' });
  });

  it("belongs in its employee's row; an employee from the side panel in theirs; a note template in none", () => {
    expect(draggedEmployee({ kind: 'pill', mode: 'move', pill: barPill(leave), origin: '2031-03-05' })).toBe(7);
    expect(draggedEmployee({ kind: 'employee', name: 'Ben', employee: { id: 9, name: 'Ben' } })).toBe(9);
    expect(draggedEmployee({ kind: 'employee', name: 'Ben', employee: { id: '9' } })).toBeNull();
    expect(draggedEmployee({ kind: 'employee', name: 'Ben', employee: null })).toBeNull();
    expect(draggedEmployee({ kind: 'template', name: 'Yellow', color: '#facc15' })).toBeNull();
  });
});
