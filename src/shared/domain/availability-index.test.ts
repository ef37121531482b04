import { describe, expect, it } from 'vitest';
import type { EngineStaff } from './availability';
import { PositionById } from './availability-index';
import { mulberry32 } from './prng';

const staff = (ids: number[]) => ids.map((id) => ({ id }) as EngineStaff);

describe('PositionById', () => {
  it('finds each employee at its position and answers -1 for an id it does not hold', () => {
    const index = new PositionById(staff([40, 7, 1_000_003, 0, 2]));
    expect([40, 7, 1_000_003, 0, 2].map((id) => index.get(id))).toEqual([0, 1, 2, 3, 4]);
    expect([1, 8, 41, -7, 2 ** 40].map((id) => index.get(id))).toEqual([-1, -1, -1, -1, -1]);
    expect(new PositionById([]).get(1)).toBe(-1);
  });

  it('keeps the last position of a repeated id, as a Map would', () => {
    expect(new PositionById(staff([5, 9, 5])).get(5)).toBe(2);
  });

  // Ids that share their top bits land on one home slot and must be told apart by probing: consecutive ids
  // spread, but multiples of a large power of two all hash alike.
  it('agrees with a Map on random, consecutive and colliding ids', () => {
    const rnd = mulberry32(59);
    const sets = [
      Array.from({ length: 300 }, (_, i) => 1000 + i),
      Array.from({ length: 300 }, (_, i) => i * 2 ** 20),
      Array.from({ length: 1000 }, () => Math.floor(rnd() * 5000)),
      Array.from({ length: 17 }, () => Math.floor(rnd() * 2 ** 31)),
    ];
    for (const ids of sets) {
      const expected = new Map<number, number>();
      ids.forEach((id, i) => expected.set(id, i));
      const index = new PositionById(staff(ids));
      for (const probe of [...ids, ...ids.map((id) => id + 1)]) expect(index.get(probe)).toBe(expected.get(probe) ?? -1);
    }
  });
});
