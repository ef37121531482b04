import { describe, expect, it } from 'vitest';
import { referenceBalance, type RefInput } from '../../../tests/reference/balances-reference';
import { computeBalance, type BalanceInput } from './balances';
import { mulberry32 } from './prng';

/**
 * The engine against an independent, naive reference (tests/reference/balances-reference.ts) on generated
 * scenarios: contracts with changes mid-year, joiners and leavers, part days, pending and approved leave,
 * types that do not count, holidays, worked weekends, carry-over with caps and expiry over several years,
 * adjustments, both units, both accruals and leave years starting in every month.
 */
const SCENARIOS = 1200;
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function scenario(seed: number): RefInput & BalanceInput {
  const rnd = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const tenths = (max: number) => int(0, max * 10) / 10;
  const chance = (p: number) => rnd() < p;

  const yearStartMonth = int(1, 12);
  const firstLeaveYear = int(2023, 2026);
  const year = firstLeaveYear + int(0, 2);
  const from = Date.UTC(firstLeaveYear, yearStartMonth - 1, 1) - 120 * DAY_MS;
  const to = Date.UTC(year + 1, yearStartMonth - 1, 1) + 30 * DAY_MS;
  const dayIn = () => iso(from + int(0, Math.round((to - from) / DAY_MS)) * DAY_MS);

  const common = {
    yearStartMonth,
    accrual: pick(['upfront', 'monthly'] as const),
    carryOverCapHours: pick([null, 0, 40, tenths(80)]),
    carryOverExpiry: chance(0.7)
      ? pick([
          { month: 3, day: 31 },
          { month: int(1, 12), day: int(1, 28) },
        ])
      : null,
    firstLeaveYear,
  };
  const policy = chance(0.5)
    ? {
        ...common,
        unit: 'hours' as const,
        entitlementHours: pick([200, 187.5, 224.4, tenths(300)]),
        fullTimeWeeklyHours: pick([40, 37.5, 38, 20 + tenths(28)]),
      }
    : { ...common, unit: 'days' as const, entitlementDays: pick([25, 28, 22.5, int(0, 60) / 2]), fullWeekDays: pick([5, 5, 4, 6]) };

  const weekday = () => pick([0, 8, 7.6, 8, tenths(10)]);
  const weekend = () => (chance(0.8) ? 0 : tenths(8));
  const contractFrom = (validFrom: string | null) => ({
    validFrom,
    mondayHours: weekday(),
    tuesdayHours: weekday(),
    wednesdayHours: weekday(),
    thursdayHours: weekday(),
    fridayHours: weekday(),
    saturdayHours: weekend(),
    sundayHours: weekend(),
  });
  const starts = [...new Set(Array.from({ length: int(0, 3) }, dayIn))].sort();
  const contracts = chance(0.6) || starts.length === 0 ? [contractFrom(null), ...starts.map(contractFrom)] : starts.map(contractFrom);
  const employee = {
    startDate: pick([undefined, null, dayIn()]),
    endDate: chance(0.35) ? dayIn() : null,
    contracts,
  };

  const inYear = () => iso(Date.UTC(year, yearStartMonth - 1, 1) + int(0, 364) * DAY_MS);
  const exceptions = Array.from({ length: int(0, 16) }, () => {
    const startDate = chance(0.5) ? dayIn() : inYear();
    const length = pick([0, 0, 1, 4, int(0, 30), int(0, 200)]);
    const isFullDay = chance(0.6);
    return {
      startDate,
      endDate: iso(Date.parse(startDate) + length * DAY_MS),
      isFullDay,
      hours: isFullDay ? (chance(0.8) ? null : tenths(9)) : chance(0.1) ? pick([null, -1]) : tenths(10),
      countsAgainstAllowance: chance(0.75),
      status: chance(0.7) ? ('approved' as const) : ('pending' as const),
    };
  });
  return {
    policy,
    settings: { saturdayWorkday: chance(0.25), sundayWorkday: chance(0.1) },
    employee,
    exceptions,
    holidays: Array.from({ length: int(0, 12) }, dayIn),
    adjustments: Array.from({ length: int(0, 4) }, () => ({ date: dayIn(), hours: (int(0, 800) - 400) / 10, reason: 'Generated' })),
    year,
    // Half the time inside the requested year, so accrual, taken against booked and expiry all get exercised.
    today: chance(0.5) ? dayIn() : inYear(),
  };
}

describe('the balance engine against the naive reference', () => {
  // In four parts of 300: the unit step runs at a lower priority beside the integration and browser suites, and
  // one part of 1,200 scenarios (about 2.5 s alone) could wait past its minute there.
  const PART = 300;
  const seen = { withCarry: 0, withExpiry: 0, withTaken: 0 };
  for (let first = 1; first <= SCENARIOS; first += PART) {
    const last = Math.min(SCENARIOS, first + PART - 1);
    it(`agrees on scenarios ${first}–${last} of ${SCENARIOS}, every figure of the row`, { timeout: 60_000 }, () => {
      const mismatches: string[] = [];
      for (let seed = first; seed <= last && mismatches.length < 5; seed++) {
        const s = scenario(seed);
        const engine = computeBalance(s);
        const reference = referenceBalance(s);
        if (JSON.stringify(engine) !== JSON.stringify(reference)) {
          mismatches.push(`seed ${seed}: engine ${JSON.stringify(engine)}\n  reference ${JSON.stringify(reference)}`);
        }
        if (engine.carriedOverHours > 0) seen.withCarry++;
        if (engine.expiredHours > 0) seen.withExpiry++;
        if (engine.takenHours > 0) seen.withTaken++;
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('the generator reaches the rules it is meant to exercise, not only empty years', () => {
    expect(seen.withCarry).toBeGreaterThan(SCENARIOS / 10);
    expect(seen.withExpiry).toBeGreaterThan(SCENARIOS / 20);
    expect(seen.withTaken).toBeGreaterThan(SCENARIOS / 4);
  });

  it('its shown figures add up: remaining = entitlement + carried − expired + adjustments − taken − booked', { timeout: 60_000 }, () => {
    for (let seed = 5001; seed <= 5400; seed++) {
      const r = computeBalance(scenario(seed));
      const sum = r.entitlementHours + r.carriedOverHours - r.expiredHours + r.adjustmentHours - r.takenHours - r.bookedHours;
      expect(Math.round(sum * 10) / 10, `seed ${seed}`).toBe(r.remainingHours);
    }
  });
});
