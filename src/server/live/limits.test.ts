import { describe, expect, it } from 'vitest';
import { messageBudget } from './limits';

describe('messageBudget', () => {
  it('allows the window’s messages and bytes, refuses past either, and starts afresh in the next window', () => {
    let now = 1_000;
    const budget = messageBudget({ messages: 3, bytes: 100, windowMs: 10_000 }, () => now);
    expect([budget.spend(10), budget.spend(10), budget.spend(10)]).toEqual([true, true, true]);
    expect(budget.spend(1)).toBe(false);
    now += 10_000;
    expect(budget.spend(60)).toBe(true);
    expect(budget.spend(41)).toBe(false);
    now += 9_999;
    expect(budget.spend(1)).toBe(false);
    now += 1;
    expect(budget.spend(100)).toBe(true);
  });
});
