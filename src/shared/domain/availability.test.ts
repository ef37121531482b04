import { describe, it, expect } from 'vitest';
import { HOURS_CUTOFF, computeAvailability, dayBaseHours, weekdayHours } from './availability';
import type { AvailabilityInput, EngineEmployee, EngineException, EngineSettings } from './availability';

// The week of 7 July 2025 (after the cutoff): Monday 7th … Saturday 12th, Sunday 13th.
const MON = '2025-07-07';
const WED = '2025-07-09';
const SAT = '2025-07-12';
const SUN = '2025-07-13';
const WEEKENDS_OFF: EngineSettings = { saturdayWorkday: false, sundayWorkday: false };

function emp(id: number, over: Partial<EngineEmployee> = {}): EngineEmployee {
  return {
    id,
    name: `E${id}`,
    efficiency: 100,
    mondayHours: 7.6,
    tuesdayHours: 7.6,
    wednesdayHours: 7.6,
    thursdayHours: 7.6,
    fridayHours: 7.6,
    saturdayHours: 0,
    sundayHours: 0,
    ...over,
  };
}

let nextId = 1;
function exc(employeeId: number, date: string, over: Partial<EngineException> = {}): EngineException {
  return {
    id: nextId++,
    employeeId,
    reasonId: 1,
    startDate: date,
    endDate: date,
    isFullDay: true,
    hours: null,
    isAdditive: false,
    ...over,
  };
}

function day(date: string, input: Partial<AvailabilityInput>) {
  const result = computeAvailability({ days: [date], settings: WEEKENDS_OFF, employees: [], exceptions: [], holidays: [], ...input });
  const entry = result.get(date);
  if (!entry) throw new Error(`no entry for ${date}`);
  return entry;
}

describe('base hours', () => {
  it('sums every employee’s weekday hours', () => {
    const d = day(MON, { employees: [emp(1), emp(2, { mondayHours: 4 })] });
    expect(d.availableHours).toBe(11.6); // 7.6 + 4
    expect(d.defaultHours).toBe(11.6);
    expect(d.source).toBe('computed');
  });

  it('rounds once at the end, without float drift', () => {
    expect(day(MON, { employees: [emp(1), emp(2), emp(3)] }).availableHours).toBe(22.8); // 3 × 7.6, not 22.799999…
    expect(day(MON, { employees: [emp(1, { mondayHours: 0.1 }), emp(2, { mondayHours: 0.2 })] }).availableHours).toBe(0.3);
    // 3 × (7.6 × 85%) = 3 × 6.46 = 19.38 → 19.4; rounding each employee first would give 19.5 (3 × 6.5).
    expect(day(MON, { employees: [1, 2, 3].map((id) => emp(id, { efficiency: 85 })) }).availableHours).toBe(19.4);
  });

  it('scales base hours by efficiency but not exception adjustments', () => {
    // 7.6 × 80% = 6.08; a 2 h deduction stays 2 h (not 1.6): 6.08 − 2 = 4.08 → 4.1.
    const d = day(MON, { employees: [emp(1, { efficiency: 80 })], exceptions: [exc(1, MON, { isFullDay: false, hours: 2 })] });
    expect(d.employees[0]).toMatchObject({ baseHours: 6.08, adjustedHours: 4.08 });
    expect(d.availableHours).toBe(4.1);
    expect(d.defaultHours).toBe(6.1);
    // A full-day absence without hours deducts the raw 7.6 h: 7.6 × 120% = 9.12 − 7.6 = 1.52 → 1.5.
    expect(day(MON, { employees: [emp(1, { efficiency: 120 })], exceptions: [exc(1, MON)] }).availableHours).toBe(1.5);
    // Overtime of 2 h on 6.08 h: 8.08 → 8.1.
    expect(
      day(MON, { employees: [emp(1, { efficiency: 80 })], exceptions: [exc(1, MON, { isFullDay: false, hours: 2, isAdditive: true })] })
        .availableHours,
    ).toBe(8.1);
  });
});

describe('public holidays', () => {
  it('are 0 for the whole site whatever the exceptions', () => {
    const d = day(MON, {
      employees: [emp(1), emp(2)],
      exceptions: [exc(1, MON, { isAdditive: true, hours: 5 }), exc(2, MON, { isFullDay: false, hours: 2 })],
      holidays: [{ date: MON, name: 'Founders Day' }],
    });
    expect(d).toMatchObject({
      availableHours: 0,
      defaultHours: 0,
      computedHours: 0,
      isPublicHoliday: true,
      publicHolidayName: 'Founders Day',
    });
    // The staff list still shows who has exceptions, at 0 hours.
    expect(d.employees.map((e) => [e.employeeId, e.adjustedHours, e.exceptionIds.length])).toEqual([
      [1, 0, 1],
      [2, 0, 1],
    ]);
  });

  it('win over stored hours before the cutoff', () => {
    const d = day('2025-06-13', {
      employees: [emp(1)],
      holidays: [{ date: '2025-06-13', name: 'H' }],
      storedDays: [{ date: '2025-06-13', currentHours: 7.6 }],
    });
    expect(d.availableHours).toBe(0);
  });
});

describe('weekends', () => {
  const weekender = emp(1, { saturdayHours: 6, sundayHours: 5 });

  it('a Saturday with the flag off gives everyone 0 base hours', () => {
    const d = day(SAT, { employees: [weekender] });
    expect(d).toMatchObject({ availableHours: 0, defaultHours: 0, isWeekend: true, isWorkingWeekend: false });
    expect(d.employees).toEqual([]);
  });

  it('a Saturday with the flag on counts each employee’s own Saturday hours', () => {
    const settings = { saturdayWorkday: true, sundayWorkday: false };
    const d = day(SAT, { settings, employees: [weekender, emp(2, { efficiency: 50, saturdayHours: 4 }), emp(3)] });
    expect(d.availableHours).toBe(8); // 6 + 4 × 50% + 0
    expect(d.isWorkingWeekend).toBe(true);
    expect(day(SUN, { settings, employees: [weekender] }).availableHours).toBe(0); // Sunday flag still off
  });

  it('a Sunday follows its own flag', () => {
    expect(day(SUN, { employees: [weekender] }).availableHours).toBe(0);
    const settings = { saturdayWorkday: false, sundayWorkday: true };
    expect(day(SUN, { settings, employees: [weekender] })).toMatchObject({ availableHours: 5, isWorkingWeekend: true });
    expect(day(SAT, { settings, employees: [weekender] }).availableHours).toBe(0);
  });
});

describe('exceptions', () => {
  it('a zero-hour employee counts only through additive exceptions', () => {
    const partTimer = emp(1, { wednesdayHours: 0 });
    expect(
      day(WED, { employees: [partTimer], exceptions: [exc(1, WED, { isFullDay: false, hours: 3, isAdditive: true })] }).availableHours,
    ).toBe(3);
    expect(day(WED, { employees: [partTimer], exceptions: [exc(1, WED, { isFullDay: false, hours: 3 })] }).availableHours).toBe(0);
    // Non-working Saturday: overtime of 4 h counts, leave stays at 0.
    expect(day(SAT, { employees: [emp(1)], exceptions: [exc(1, SAT, { hours: 4, isAdditive: true })] }).availableHours).toBe(4);
    expect(day(SAT, { employees: [emp(1)], exceptions: [exc(1, SAT, { hours: 4 })] }).availableHours).toBe(0);
  });

  it('a full-day exception uses its own hours when given, else the weekday hours', () => {
    expect(day(MON, { employees: [emp(1)], exceptions: [exc(1, MON, { hours: 3 })] }).availableHours).toBe(4.6); // 7.6 − 3
    expect(day(MON, { employees: [emp(1)], exceptions: [exc(1, MON)] }).availableHours).toBe(0); // 7.6 − 7.6
    expect(day(MON, { employees: [emp(1)], exceptions: [exc(1, MON, { isAdditive: true })] }).availableHours).toBe(15.2); // 7.6 + 7.6
    // On a non-working Saturday the raw Saturday field is used: 5 h overtime without own hours adds 5.
    expect(day(SAT, { employees: [emp(1, { saturdayHours: 5 })], exceptions: [exc(1, SAT, { isAdditive: true })] }).availableHours).toBe(5);
  });

  it('a partial-day exception uses its hours, else 0', () => {
    expect(day(MON, { employees: [emp(1)], exceptions: [exc(1, MON, { isFullDay: false, hours: 2 })] }).availableHours).toBe(5.6); // 7.6 − 2
    expect(day(MON, { employees: [emp(1)], exceptions: [exc(1, MON, { isFullDay: false })] }).availableHours).toBe(7.6); // 7.6 − 0
  });

  it('applies several exceptions on one employee and day', () => {
    const list = [
      exc(1, MON, { isFullDay: false, hours: 2 }),
      exc(1, MON, { isFullDay: false, hours: 1.5 }),
      exc(1, MON, { isFullDay: false, hours: 4, isAdditive: true }),
    ];
    const d = day(MON, { employees: [emp(1)], exceptions: list });
    expect(d.availableHours).toBe(8.1); // 7.6 − 2 − 1.5 + 4
    expect(d.employees[0].exceptionIds).toEqual(list.map((x) => x.id)); // input order
  });

  it('floors each employee at 0 so one deduction cannot eat another’s hours', () => {
    // A: 7.6 − 10 → 0 (not −2.4); B: 7.6. Site total 7.6, not 5.2.
    const d = day(MON, { employees: [emp(1), emp(2)], exceptions: [exc(1, MON, { hours: 10 })] });
    expect(d.availableHours).toBe(7.6);
    expect(d.employees.map((e) => e.adjustedHours)).toEqual([0, 7.6]);
  });

  it('clips spans to the requested days and ignores unknown employees', () => {
    const long = exc(1, '2025-06-30', { endDate: '2025-07-08', hours: 1 }); // covers MON and TUE only
    const ghost = exc(99, MON);
    const result = computeAvailability({
      days: ['2025-07-08', MON, WED, MON],
      settings: WEEKENDS_OFF,
      employees: [emp(1)],
      exceptions: [long, ghost],
      holidays: [],
    });
    expect([...result.keys()]).toEqual(['2025-07-08', MON, WED]); // caller order, duplicates once
    expect([...result.values()].map((d) => d.availableHours)).toEqual([6.6, 6.6, 7.6]);
  });

  it('handles sparse day lists decades apart', () => {
    const far = '2290-01-02'; // a Thursday, > 100,000 days after 2000
    const result = computeAvailability({
      days: ['2000-01-04', far],
      settings: WEEKENDS_OFF,
      employees: [emp(1)],
      holidays: [],
      exceptions: [exc(1, '2100-01-01', { endDate: '2290-12-31', hours: 2 })],
    });
    expect(result.get('2000-01-04')?.availableHours).toBe(7.6);
    expect(result.get(far)?.availableHours).toBe(5.6);
  });
});

describe('staff detail', () => {
  it('lists only employees with base hours or an exception that day', () => {
    const d = day(WED, {
      employees: [emp(1), emp(2, { wednesdayHours: 0 }), emp(3, { wednesdayHours: 0 })],
      exceptions: [exc(3, WED, { hours: 2, isAdditive: true })],
    });
    expect(d.employees.map((e) => e.employeeId)).toEqual([1, 3]);
    expect(d.employees[1]).toMatchObject({ baseHours: 0, adjustedHours: 2 });
    expect(d.employees[0].exceptionIds).toEqual([]);
  });

  it('serialises with the detail included', () => {
    const d = day(MON, { employees: [emp(7)] });
    expect(JSON.parse(JSON.stringify(d)).employees).toMatchObject([
      {
        employeeId: 7,
        baseHours: 7.6,
        adjustedHours: 7.6,
        exceptionIds: [],
        amounts: [],
        weekdayHours: 7.6,
      },
    ]);
  });
});

describe('contracts by date (decision 076)', () => {
  // 2026-03-02 is a Monday; the version from Wednesday 2026-03-04 halves the hours and sets 50 %.
  const versions = {
    contracts: [
      {
        id: 1,
        validFrom: null,
        efficiency: 100,
        mondayHours: 8,
        tuesdayHours: 8,
        wednesdayHours: 8,
        thursdayHours: 8,
        fridayHours: 8,
        saturdayHours: 0,
        sundayHours: 0,
      },
      {
        id: 2,
        validFrom: '2026-03-04',
        efficiency: 50,
        mondayHours: 4,
        tuesdayHours: 4,
        wednesdayHours: 4,
        thursdayHours: 4,
        fridayHours: 4,
        saturdayHours: 0,
        sundayHours: 0,
      },
    ],
  };
  const week = (over: Partial<EngineEmployee>, exceptions: EngineException[] = []) =>
    computeAvailability({
      days: ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'],
      settings: { saturdayWorkday: false, sundayWorkday: false },
      employees: [emp(1, over)],
      exceptions,
      holidays: [],
    });

  it('reads the version in force on each day, ignoring the flat hours', () => {
    const r = week(versions);
    expect([...r.values()].map((d) => d.availableHours)).toEqual([8, 8, 2, 2, 2]);
    expect(r.get('2026-03-04')!.employees[0]).toMatchObject({ baseHours: 2, weekdayHours: 4 });
  });

  it('gives a joiner nothing before the first version and a leaver nothing after the end date', () => {
    const joiner = week({ contracts: [{ ...versions.contracts[0], validFrom: '2026-03-05' }] });
    expect([...joiner.values()].map((d) => d.availableHours)).toEqual([0, 0, 0, 8, 8]);
    const leaver = week({ ...versions, endDate: '2026-03-04' });
    expect([...leaver.values()].map((d) => d.availableHours)).toEqual([8, 8, 2, 0, 0]);
  });

  it('takes a full-day exception from the version in force, and counts none while not employed', () => {
    const fullWeek = exc(1, '2026-03-02', { endDate: '2026-03-06', isAdditive: true });
    // Additive full days without hours add the raw weekday hours: 8 then 4, on base 8 then 2.
    const r = week({ ...versions, endDate: '2026-03-05' }, [fullWeek]);
    expect([...r.values()].map((d) => d.availableHours)).toEqual([16, 16, 6, 6, 0]);
    expect(r.get('2026-03-04')!.employees[0].amounts).toEqual([4]);
  });
});

describe('hours cutoff', () => {
  it(`uses stored hours before ${HOURS_CUTOFF} and computes from it on`, () => {
    const stored = [
      { date: '2025-06-15', currentHours: 12.3 },
      { date: '2025-06-16', currentHours: 99 },
      { date: '2025-06-13', currentHours: 0 },
    ];
    const result = computeAvailability({
      days: ['2025-06-13', '2025-06-15', '2025-06-16'],
      settings: WEEKENDS_OFF,
      employees: [emp(1)],
      exceptions: [],
      holidays: [],
      storedDays: stored,
    });
    expect(result.get('2025-06-15')).toMatchObject({ availableHours: 12.3, computedHours: 0, source: 'stored' }); // Sunday, computed 0
    expect(result.get('2025-06-16')).toMatchObject({ availableHours: 7.6, source: 'computed' });
    expect(result.get('2025-06-13')).toMatchObject({ availableHours: 0, computedHours: 7.6, source: 'stored' }); // a stored 0 still wins
    // Before the cutoff but nothing stored: computed.
    expect(day('2025-06-12', { employees: [emp(1)] })).toMatchObject({ availableHours: 7.6, source: 'computed' });
  });
});

describe('helpers', () => {
  it('weekdayHours reads the raw field; dayBaseHours applies flags and efficiency', () => {
    const e = emp(1, { efficiency: 50, saturdayHours: 6 });
    expect(weekdayHours(e, SAT)).toBe(6);
    expect(dayBaseHours(e, SAT, WEEKENDS_OFF)).toBe(0);
    expect(dayBaseHours(e, SAT, { saturdayWorkday: true, sundayWorkday: false })).toBe(3);
    expect(dayBaseHours(e, MON, WEEKENDS_OFF)).toBe(3.8);
  });
});
