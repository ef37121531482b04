import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { computeAvailability, prepareExceptions } from './availability';
import type { AvailabilityInput, DayAvailability, EngineEmployee, EngineException } from './availability';
import { fromDayNumber, toDayNumber, weekdayIndex } from './dates';

const FIELDS = ['mondayHours', 'tuesdayHours', 'wednesdayHours', 'thursdayHours', 'fridayHours', 'saturdayHours', 'sundayHours'] as const;
const FIRST = toDayNumber('2025-06-16'); // on/after the cutoff, so stored hours never interfere
const tenths = (max: number) => fc.integer({ min: 0, max: max * 10 }).map((n) => n / 10);

const employeeArb = fc.record({
  efficiency: fc.integer({ min: 1, max: 200 }),
  hours: fc.array(fc.oneof(fc.constant(0), fc.constant(7.6), tenths(12)), { minLength: 7, maxLength: 7 }),
});

const exceptionArb = (employeeCount: number, start: number) =>
  fc.record({
    // One id past the employee list exercises exceptions for deleted employees.
    employeeId: fc.integer({ min: 1, max: employeeCount + 1 }),
    startDay: fc.integer({ min: start - 5, max: start + 35 }),
    length: fc.integer({ min: 0, max: 9 }),
    isFullDay: fc.boolean(),
    hours: fc.option(tenths(12), { nil: null }),
    isAdditive: fc.boolean(),
  });

function toException(
  raw: { employeeId: number; startDay: number; length: number; isFullDay: boolean; hours: number | null; isAdditive: boolean },
  id: number,
): EngineException {
  return {
    id,
    employeeId: raw.employeeId,
    reasonId: 1,
    startDate: fromDayNumber(raw.startDay),
    endDate: fromDayNumber(raw.startDay + raw.length),
    isFullDay: raw.isFullDay,
    hours: raw.hours,
    isAdditive: raw.isAdditive,
  };
}

/** Scenarios hold plain exception lists; the engine also takes them prepared. */
type PlainInput = AvailabilityInput & { exceptions: readonly EngineException[] };

const scenarioArb = fc
  .record({
    start: fc.integer({ min: FIRST, max: FIRST + 600 }),
    offsets: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 20 }),
    holidayOffsets: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 4 }),
    saturdayWorkday: fc.boolean(),
    sundayWorkday: fc.boolean(),
    employees: fc.array(employeeArb, { maxLength: 6 }),
  })
  .chain((s) => fc.record({ s: fc.constant(s), exceptions: fc.array(exceptionArb(s.employees.length, s.start), { maxLength: 20 }) }))
  .map(({ s, exceptions }): PlainInput => ({
    days: s.offsets.map((o) => fromDayNumber(s.start + o)),
    settings: { saturdayWorkday: s.saturdayWorkday, sundayWorkday: s.sundayWorkday },
    employees: s.employees.map((e, i): EngineEmployee => {
      const emp: EngineEmployee = {
        id: i + 1,
        name: `E${i + 1}`,
        efficiency: e.efficiency,
        mondayHours: 0,
        tuesdayHours: 0,
        wednesdayHours: 0,
        thursdayHours: 0,
        fridayHours: 0,
        saturdayHours: 0,
        sundayHours: 0,
      };
      FIELDS.forEach((f, k) => (emp[f] = e.hours[k]));
      return emp;
    }),
    exceptions: exceptions.map((x, i) => toException(x, i + 1)),
    holidays: s.holidayOffsets.map((o) => ({ date: fromDayNumber(s.start + o), name: `Holiday ${o}` })),
  }));

/**
 * The rules read literally: every day × employee × exception, with no index. Works in thousandths of
 * an hour (hours are tenths, efficiency whole percent) so it is exact yet independent of the engine's
 * own unit choice.
 */
function reference(input: PlainInput) {
  const out = new Map<string, { available: number; default: number; detail: Array<[number, number, number, number[]]> }>();
  for (const date of input.days) {
    if (out.has(date)) continue;
    const wd = weekdayIndex(date);
    const holiday = input.holidays.some((h) => h.date === date);
    const working = !holiday && (wd < 5 || (wd === 5 ? input.settings.saturdayWorkday : input.settings.sundayWorkday));
    let available = 0;
    let defaults = 0;
    const detail: Array<[number, number, number, number[]]> = [];
    for (const e of input.employees) {
      const raw = Math.round(e[FIELDS[wd]] * 10) * 100;
      const base = working ? Math.round(e[FIELDS[wd]] * 10) * e.efficiency : 0;
      let value = base;
      const ids: number[] = [];
      for (const x of input.exceptions) {
        if (x.employeeId !== e.id || date < x.startDate || date > x.endDate) continue;
        ids.push(x.id);
        const amount = x.isFullDay ? (x.hours !== null ? Math.round(x.hours * 10) * 100 : raw) : Math.round((x.hours ?? 0) * 10) * 100;
        value += x.isAdditive ? amount : -amount;
      }
      value = holiday ? 0 : Math.max(0, value);
      defaults += base;
      available += value;
      if (base > 0 || ids.length > 0) detail.push([e.id, base / 1000, value / 1000, ids]);
    }
    out.set(date, { available: Math.round(available / 100) / 10, default: Math.round(defaults / 100) / 10, detail });
  }
  return out;
}

const totals = (m: Map<string, DayAvailability>) => [...m.values()].map((d) => d.availableHours);

// Hundreds of generated sites each: about 1 s alone, several times that beside the other suites of
// `npm test` on two cores, so each property gets 30 s rather than vitest's 5.
describe('available-hours engine properties', { timeout: 30_000 }, () => {
  it('matches the naive day × employee × exception reference', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const got = computeAvailability(input);
        const want = reference(input);
        expect([...got.keys()]).toEqual([...want.keys()]);
        for (const [date, w] of want) {
          const g = got.get(date)!;
          expect(g.availableHours).toBe(w.available);
          expect(g.defaultHours).toBe(w.default);
          expect(g.employees.map((r) => [r.employeeId, r.baseHours, r.adjustedHours, [...r.exceptionIds]])).toEqual(w.detail);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same days from a prepared exception list as from the plain one', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const plain = [...computeAvailability(input).values()].map((d) => ({ ...d, employees: d.employees }));
        const prepared = [...computeAvailability({ ...input, exceptions: prepareExceptions(input.exceptions) }).values()].map((d) => ({
          ...d,
          employees: d.employees,
        }));
        expect(prepared).toEqual(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('never goes negative, for the site or any employee', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        for (const d of computeAvailability(input).values()) {
          expect(d.availableHours).toBeGreaterThanOrEqual(0);
          for (const e of d.employees) expect(e.adjustedHours).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('gives 0 on every public holiday', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => {
        const holidays = new Set(input.holidays.map((h) => h.date));
        for (const d of computeAvailability(input).values()) {
          if (holidays.has(d.date)) expect([d.availableHours, d.defaultHours, d.isPublicHoliday]).toEqual([0, 0, true]);
        }
      }),
    );
  });

  it('never raises a day by adding a deductive exception, nor lowers it by adding an additive one', () => {
    const withExtra = scenarioArb.chain((input) =>
      fc.record({
        input: fc.constant(input),
        extra: exceptionArb(input.employees.length, toDayNumber([...input.days].sort()[0])).map((x) => toException(x, 10_000)),
      }),
    );
    fc.assert(
      fc.property(withExtra, ({ input, extra }) => {
        const before = totals(computeAvailability(input));
        const deducted = totals(computeAvailability({ ...input, exceptions: [...input.exceptions, { ...extra, isAdditive: false }] }));
        const added = totals(computeAvailability({ ...input, exceptions: [...input.exceptions, { ...extra, isAdditive: true }] }));
        before.forEach((b, i) => {
          expect(deducted[i]).toBeLessThanOrEqual(b);
          expect(added[i]).toBeGreaterThanOrEqual(b);
        });
      }),
    );
  });
});
