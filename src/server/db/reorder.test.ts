import { describe, expect, it } from 'vitest';
import { moveItem, reorderRows } from './reorder';

const rows = (...orders: number[]) => orders.map((sortOrder, i) => ({ id: 10 + i, sortOrder }));

describe('moveItem', () => {
  it('swaps with the neighbour in the direction asked', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 'down')).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it was at either end or for an unknown item, without changing the input', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 'up')).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 2, 'down')).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, -1, 'down')).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('reorderRows', () => {
  it('moves a row and reports only the two rows that swapped', () => {
    const { ordered, changed } = reorderRows(rows(0, 1, 2, 3), 12, 'up');
    expect(ordered).toEqual([
      { id: 10, sortOrder: 0 },
      { id: 12, sortOrder: 1 },
      { id: 11, sortOrder: 2 },
      { id: 13, sortOrder: 3 },
    ]);
    expect(changed).toEqual([
      { id: 12, sortOrder: 1 },
      { id: 11, sortOrder: 2 },
    ]);
  });

  it('renumbers ties and gaps densely', () => {
    const { ordered, changed } = reorderRows(rows(5, 5, 9), 10, 'down');
    expect(ordered).toEqual([
      { id: 11, sortOrder: 0 },
      { id: 10, sortOrder: 1 },
      { id: 12, sortOrder: 2 },
    ]);
    expect(changed.map((r) => r.id)).toEqual([11, 10, 12]);
  });

  it('writes nothing when the row is already at the end and the list is dense', () => {
    expect(reorderRows(rows(0, 1), 11, 'down').changed).toEqual([]);
    expect(reorderRows(rows(0, 1), 99, 'up').changed).toEqual([]);
  });
});
