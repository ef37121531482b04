/**
 * The one "move up / move down" rule for every ordered list (employees, exception types, the sidebar's
 * categories): the item swaps with its neighbour; at either end nothing moves.
 */
export type Direction = 'up' | 'down';

export function moveItem<T>(items: readonly T[], index: number, direction: Direction): T[] {
  const moved = [...items];
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index >= 0 && target >= 0 && target < moved.length) [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}

/**
 * Moves the row `id` in rows already sorted by position, then renumbers densely from 0 so ties left by
 * older data cannot stick. Returns the new order (with `sortOrder` updated) and only the rows whose
 * position changed, which are the ones to write.
 */
export function reorderRows<T extends { id: number; sortOrder: number }>(rows: readonly T[], id: number, direction: Direction) {
  const ordered = moveItem(
    rows,
    rows.findIndex((r) => r.id === id),
    direction,
  ).map((r, position) => ({ ...r, sortOrder: position }));
  const before = new Map(rows.map((r) => [r.id, r.sortOrder]));
  const changed = ordered.filter((r) => before.get(r.id) !== r.sortOrder);
  return { ordered, changed };
}
