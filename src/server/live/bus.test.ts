import { describe, expect, it } from 'vitest';
import { mergeChanges, type BusMessage } from './bus';

const change = (site: number, ids: number[], extra: Partial<Extract<BusMessage, { t: 'change' }>> = {}): BusMessage => ({
  t: 'change',
  site,
  kind: 'exceptions',
  ids,
  ...extra,
});

describe('mergeChanges', () => {
  it('merges neighbouring changes of one site, kind and tab, ids once each in first-seen order', () => {
    expect(mergeChanges([change(1, [5]), change(1, [7]), change(1, [5, 9])])).toEqual([change(1, [5, 7, 9])]);
  });

  it('keeps apart changes of another site, kind or tab', () => {
    const list = [
      change(1, [1]),
      change(2, [2]),
      change(2, [3], { kind: 'notes' }),
      change(2, [4], { kind: 'notes', tab: 'tab-a' }),
      change(2, [5], { kind: 'notes' }),
    ];
    expect(mergeChanges(list)).toEqual(list);
  });

  it('merges only neighbours, so other messages keep their place between changes', () => {
    const recheck: BusMessage = { t: 'recheck', site: 1 };
    expect(mergeChanges([change(1, [1]), recheck, change(1, [2]), change(1, [3])])).toEqual([change(1, [1]), recheck, change(1, [2, 3])]);
  });

  it('starts a new message once a merged one would carry more than 200 ids', () => {
    const many = Array.from({ length: 150 }, (_, i) => i + 1);
    const more = Array.from({ length: 60 }, (_, i) => i + 1000);
    const out = mergeChanges([change(1, many), change(1, more), change(1, [2000])]);
    expect(out).toEqual([change(1, many), change(1, [...more, 2000])]);
    expect(JSON.stringify(out[0]).length).toBeLessThan(8000);
  });
});
