import { describe, expect, it } from 'vitest';
import { referenceDay, type RefEmployee, type RefException, type RefSite } from '../../../tests/reference/hours-by-date';
import { computeAvailability, type EngineContract, type EngineException, type EngineStaff } from './availability';
import { mulberry32 } from './prng';

/*
 * The engine against an independent, naive reference (tests/reference/hours-by-date.ts) on random sites with
 * contract versions changing inside a week, joiners, leavers, every kind of exception and the weekend flags
 * (decision 076); and the history property: a change of contract from a day D never moves a day before D.
 */

const WEEK = ['mondayHours', 'tuesdayHours', 'wednesdayHours', 'thursdayHours', 'fridayHours', 'saturdayHours', 'sundayHours'] as const;
const DAYS = 28;

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

interface Generated {
  site: RefSite;
  days: string[];
}

function randomSite(seed: number): Generated {
  const rnd = mulberry32(seed);
  const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)];
  const start = addDays('2026-01-05', int(0, 600));
  const days = Array.from({ length: DAYS }, (_, i) => addDays(start, i));
  const hours = () => WEEK.map(() => (rnd() < 0.2 ? 0 : int(0, 120) / 10)) as RefEmployee['versions'][number]['hours'];
  const employees: RefEmployee[] = [];
  for (let id = 1; id <= int(1, 12); id++) {
    const count = int(1, 4);
    const starts = new Set<string>();
    while (starts.size < count) starts.add(pick(days.concat(addDays(start, -3))));
    const dated = [...starts].sort();
    // Most employees' first version is from the beginning; a joiner's first version has a date.
    if (rnd() < 0.75) dated[0] = '';
    const versions = dated.map((d) => ({ validFrom: d === '' ? null : d, efficiency: int(1, 200), hours: hours() }));
    employees.push({ id: id * 7, versions, endDate: rnd() < 0.2 ? pick(days) : null });
  }
  const exceptions: RefException[] = [];
  for (let i = int(0, 30); i > 0; i--) {
    const a = int(-3, DAYS);
    const isFullDay = rnd() < 0.6;
    exceptions.push({
      employeeId: pick(employees).id,
      startDate: addDays(start, a),
      endDate: addDays(start, a + int(0, 6)),
      isFullDay,
      hours: rnd() < (isFullDay ? 0.6 : 0.15) ? null : rnd() < 0.05 ? -2 : int(0, 100) / 10,
      isAdditive: rnd() < 0.3,
    });
  }
  const holidays = Array.from({ length: int(0, 3) }, () => pick(days));
  return { site: { saturdayWorkday: rnd() < 0.4, sundayWorkday: rnd() < 0.2, employees, exceptions, holidays }, days };
}

/** The same site in the engine's input form; a single version from the beginning without an end date goes as flat hours. */
function engineInput(g: Generated) {
  const employees: EngineStaff[] = g.site.employees.map((e) => {
    const contracts: EngineContract[] = e.versions.map((v, i) => ({
      id: e.id * 10 + i,
      validFrom: v.validFrom,
      efficiency: v.efficiency,
      ...Object.fromEntries(WEEK.map((f, wd) => [f, v.hours[wd]])),
    })) as EngineContract[];
    const { id: _id, validFrom: _from, ...last } = contracts[contracts.length - 1];
    const flat = contracts.length === 1 && contracts[0].validFrom === null && e.endDate === null;
    return { id: e.id, ...last, ...(flat ? {} : { contracts, endDate: e.endDate }) };
  });
  const exceptions: EngineException[] = g.site.exceptions.map((x, i) => ({ id: i + 1, reasonId: 1, ...x }));
  return {
    days: g.days,
    settings: { saturdayWorkday: g.site.saturdayWorkday, sundayWorkday: g.site.sundayWorkday },
    employees,
    exceptions,
    holidays: g.site.holidays.map((date) => ({ date, name: 'Holiday' })),
  };
}

describe('the engine against the naive reference', () => {
  // Heavy by design (10,000 days): compared in plain code, with a timeout for a busy machine.
  it('agrees on more than 10,000 random site-days, per day and per employee', { timeout: 60_000 }, () => {
    let siteDays = 0;
    const mismatches: string[] = [];
    for (let seed = 1; seed <= 380 && mismatches.length < 5; seed++) {
      const g = randomSite(seed);
      const computed = computeAvailability(engineInput(g));
      for (const date of g.days) {
        const ref = referenceDay(g.site, date);
        const day = computed.get(date)!;
        const detail = day.employees.map((e) => `${e.employeeId}:${e.baseHours}/${e.adjustedHours}`).join(' ');
        const expected = [...ref.employees].map(([id, e]) => `${id}:${e.base}/${e.adjusted}`).join(' ');
        if (day.computedHours !== ref.available || day.defaultHours !== ref.default || detail !== expected) {
          mismatches.push(
            `seed ${seed}, ${date}: engine ${day.computedHours}/${day.defaultHours} [${detail}], reference ${ref.available}/${ref.default} [${expected}]`,
          );
        }
        siteDays++;
      }
    }
    expect(mismatches).toEqual([]);
    expect(siteDays).toBeGreaterThanOrEqual(10_000);
  });
});

describe('history property', () => {
  it('a change of contract from D, or an end date from D, never moves a day before D', { timeout: 60_000 }, () => {
    for (let seed = 1000; seed < 1300; seed++) {
      const g = randomSite(seed);
      const rnd = mulberry32(seed * 31);
      const D = g.days[1 + Math.floor(rnd() * (DAYS - 1))];
      const before = computeAvailability(engineInput(g));
      const who = g.site.employees[Math.floor(rnd() * g.site.employees.length)];
      const changed = structuredClone(g);
      const target = changed.site.employees.find((e) => e.id === who.id)!;
      const kind = rnd();
      if (kind < 0.5) {
        // A new version from D (or D's existing version edited): new hours and efficiency from D on.
        target.versions = target.versions.filter((v) => v.validFrom !== D);
        target.versions.push({ validFrom: D, efficiency: 1 + Math.floor(rnd() * 200), hours: [9, 1.5, 0, 12, 3.3, 4, 0] });
        target.versions.sort((a, b) => (a.validFrom ?? '').localeCompare(b.validFrom ?? ''));
      } else if (kind < 0.8) {
        // Leaving at the end of the day before D; one who had already left earlier stays left from then.
        if (target.endDate === null || target.endDate >= D) target.endDate = addDays(D, -1);
      } else {
        // A version that started on or after D is dropped: the one before it runs on from its start.
        target.versions = target.versions.filter((v, i) => i === 0 || v.validFrom === null || v.validFrom < D);
      }
      const after = computeAvailability(engineInput(changed));
      const moved = g.days
        .filter((d) => d < D)
        .filter((date) => JSON.stringify(before.get(date)) !== JSON.stringify(after.get(date)))
        .map((date) => `seed ${seed}, change from ${D}, ${date}`);
      expect(moved).toEqual([]);
    }
  });
});
