import { describe, expect, it } from 'vitest';
import { versionOnDay, versionPeriods } from './contract-periods';
import { toDayNumber } from './dates';

const d = toDayNumber;
const versions = [{ validFrom: null }, { validFrom: '2026-03-01' }, { validFrom: '2026-06-15' }];

describe('the contract in force', () => {
  it('holds each version until the day before the next, and the last until the end date', () => {
    expect(versionPeriods(versions, '2026-09-30').map((p) => [p.from, p.to])).toEqual([
      [-Infinity, d('2026-02-28')],
      [d('2026-03-01'), d('2026-06-14')],
      [d('2026-06-15'), d('2026-09-30')],
    ]);
    expect(versionPeriods(versions, null)[2].to).toBe(Infinity);
  });

  it('names no version before the first or after the end date', () => {
    const joiner = [{ validFrom: '2027-01-04' }];
    expect(versionOnDay(joiner, null, d('2027-01-03'))).toBeNull();
    expect(versionOnDay(joiner, null, d('2027-01-04'))).toBe(joiner[0]);
    expect(versionOnDay(versions, '2026-09-30', d('2026-10-01'))).toBeNull();
    expect(versionOnDay(versions, '2026-09-30', d('2026-06-14'))).toBe(versions[1]);
  });

  it('gives a version the end date cut off before it starts no day', () => {
    const [, , late] = versionPeriods(versions, '2026-05-31');
    expect(late.to).toBeLessThan(late.from);
    expect(versionOnDay(versions, '2026-05-31', d('2026-06-20'))).toBeNull();
  });
});
