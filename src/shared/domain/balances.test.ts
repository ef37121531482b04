import { describe, expect, it } from 'vitest';
import {
  computeBalance,
  leaveYear,
  leaveYearOf,
  expiryInYear,
  type BalanceException,
  type BalanceInput,
  type LeavePolicy,
} from './balances';

/*
 * Every expected number here is worked by hand (decision 094, docs/balances.md). 2026 has 365 days and starts on
 * a Thursday; 2026-01-05, 2026-03-02, 2026-04-06, 2026-06-01 and 2026-11-02 are Mondays.
 */

type Week = [number, number, number, number, number, number, number];
const contract = (validFrom: string | null, h: Week) => ({
  validFrom,
  mondayHours: h[0],
  tuesdayHours: h[1],
  wednesdayHours: h[2],
  thursdayHours: h[3],
  fridayHours: h[4],
  saturdayHours: h[5],
  sundayHours: h[6],
});
const FULL: Week = [8, 8, 8, 8, 8, 0, 0];
const FOUR_DAYS: Week = [8, 8, 8, 8, 0, 0, 0];

const HOURS_POLICY: LeavePolicy = {
  unit: 'hours',
  entitlementHours: 200,
  fullTimeWeeklyHours: 40,
  yearStartMonth: 1,
  accrual: 'upfront',
  carryOverCapHours: null,
  carryOverExpiry: null,
  firstLeaveYear: 2026,
};
const DAYS_POLICY: LeavePolicy = { ...HOURS_POLICY, unit: 'days', entitlementDays: 25, fullWeekDays: 5 };

function input(over: Partial<BalanceInput> = {}): BalanceInput {
  return {
    policy: HOURS_POLICY,
    settings: { saturdayWorkday: false, sundayWorkday: false },
    employee: { contracts: [contract(null, FULL)] },
    exceptions: [],
    holidays: [],
    adjustments: [],
    year: 2026,
    today: '2026-06-15',
    ...over,
  };
}
const leave = (startDate: string, endDate: string, over: Partial<BalanceException> = {}): BalanceException => ({
  startDate,
  endDate,
  isFullDay: true,
  hours: null,
  countsAgainstAllowance: true,
  status: 'approved',
  ...over,
});

describe('leave years', () => {
  it('start on the 1st of the start month and are named by the calendar year they start in', () => {
    expect(leaveYear(2026, 1)).toEqual({ year: 2026, start: '2026-01-01', end: '2026-12-31', days: 365 });
    expect(leaveYear(2027, 4)).toEqual({ year: 2027, start: '2027-04-01', end: '2028-03-31', days: 366 });
    expect(leaveYearOf('2027-03-31', 4)).toBe(2026);
    expect(leaveYearOf('2027-04-01', 4)).toBe(2027);
  });

  it('place the carry-over expiry on its first date on or after the year start', () => {
    expect(expiryInYear(leaveYear(2026, 1), { month: 3, day: 31 })).toBe('2026-03-31');
    expect(expiryInYear(leaveYear(2026, 4), { month: 3, day: 31 })).toBe('2027-03-31');
    expect(expiryInYear(leaveYear(2026, 4), { month: 6, day: 30 })).toBe('2026-06-30');
    expect(() => expiryInYear(leaveYear(2026, 1), { month: 2, day: 29 })).toThrow(RangeError);
  });
});

describe('entitlement and pro-rata', () => {
  it('gives a full-timer the whole entitlement for a whole year', () => {
    const row = computeBalance(input());
    expect(row).toMatchObject({
      yearStart: '2026-01-01',
      yearEnd: '2026-12-31',
      entitlementHours: 200,
      accruedHours: 200,
      remainingHours: 200,
    });
    expect(row.days).toBeNull();
  });

  it('gives a part-timer the share of their contracted week: 32 of 40 h → 160 h', () => {
    expect(computeBalance(input({ employee: { contracts: [contract(null, FOUR_DAYS)] } })).entitlementHours).toBe(160);
  });

  it('a days policy is worth days ÷ 5 of each person’s own week: 25 days → 200 h (40 h week), 160 h = 20 days of 8 h (4-day week)', () => {
    const full = computeBalance(input({ policy: DAYS_POLICY }));
    expect(full.entitlementHours).toBe(200);
    expect(full.days).toMatchObject({ dayHours: 8, entitlement: 25, remaining: 25 });
    const part = computeBalance(input({ policy: DAYS_POLICY, employee: { contracts: [contract(null, FOUR_DAYS)] } }));
    expect(part.entitlementHours).toBe(160);
    expect(part.days).toMatchObject({ dayHours: 8, entitlement: 20 });
  });

  it('pro-rates a joiner by days employed: from 1 July, 184 of 365 days → 200 × 184 / 365 = 100.8 h', () => {
    expect(computeBalance(input({ employee: { startDate: '2026-07-01', contracts: [contract(null, FULL)] } })).entitlementHours).toBe(
      100.8,
    );
  });

  it('takes the start date from the first contract version when none is given, else the beginning of time', () => {
    expect(computeBalance(input({ employee: { contracts: [contract('2026-07-01', FULL)] } })).entitlementHours).toBe(100.8);
    // A start date before the first version changes nothing: no hours before the contract.
    expect(
      computeBalance(input({ employee: { startDate: '2026-01-01', contracts: [contract('2026-07-01', FULL)] } })).entitlementHours,
    ).toBe(100.8);
    expect(computeBalance(input({ employee: { startDate: null, contracts: [contract(null, FULL)] } })).entitlementHours).toBe(200);
  });

  it('pro-rates a leaver: to 31 March, 90 days → 49.3 h', () => {
    expect(computeBalance(input({ employee: { endDate: '2026-03-31', contracts: [contract(null, FULL)] } })).entitlementHours).toBe(49.3);
  });

  it('pro-rates a contract change: 181 days at 40 h and 184 at 20 h → 200 × (181×40 + 184×20) / (40×365) = 149.6 h', () => {
    const employee = { contracts: [contract(null, FULL), contract('2026-07-01', [4, 4, 4, 4, 4, 0, 0])] };
    expect(computeBalance(input({ employee })).entitlementHours).toBe(149.6);
  });

  it('counts the days of a 366-day leave year: April 2027 – March 2028, joiner 1 October → 200 × 183 / 366 = 100 h', () => {
    const row = computeBalance(
      input({
        policy: { ...HOURS_POLICY, yearStartMonth: 4, firstLeaveYear: 2027 },
        year: 2027,
        today: '2027-12-01',
        employee: { startDate: '2027-10-01', contracts: [contract(null, FULL)] },
      }),
    );
    expect(row).toMatchObject({ yearStart: '2027-04-01', yearEnd: '2028-03-31', entitlementHours: 100 });
  });

  it('leaves out weekend hours the site does not work, and counts them when it does', () => {
    const employee = { contracts: [contract(null, [8, 8, 8, 8, 0, 8, 0])] };
    expect(computeBalance(input({ employee })).entitlementHours).toBe(160);
    expect(computeBalance(input({ employee, settings: { saturdayWorkday: true, sundayWorkday: false } })).entitlementHours).toBe(200);
  });

  it('gives nothing to someone not employed in the year', () => {
    const row = computeBalance(input({ policy: DAYS_POLICY, employee: { endDate: '2025-12-31', contracts: [contract(null, FULL)] } }));
    expect(row).toMatchObject({ entitlementHours: 0, remainingHours: 0, days: null });
  });
});

describe('accrual', () => {
  it('upfront: the whole year from its first day, nothing before', () => {
    expect(computeBalance(input({ today: '2026-01-01' })).accruedHours).toBe(200);
    expect(computeBalance(input({ today: '2025-12-31' })).accruedHours).toBe(0);
  });

  it('monthly: each month’s days credited on its 1st — on 15 March, January to March (90 days) → 49.3 h', () => {
    const monthly: LeavePolicy = { ...HOURS_POLICY, accrual: 'monthly' };
    expect(computeBalance(input({ policy: monthly, today: '2026-03-15' })).accruedHours).toBe(49.3);
    expect(computeBalance(input({ policy: monthly, today: '2026-03-01' })).accruedHours).toBe(49.3);
    expect(computeBalance(input({ policy: monthly, today: '2026-02-28' })).accruedHours).toBe(32.3); // 200 × 59 / 365 = 32.33
    expect(computeBalance(input({ policy: monthly, today: '2025-12-31' })).accruedHours).toBe(0);
    expect(computeBalance(input({ policy: monthly, today: '2026-12-01' })).accruedHours).toBe(200);
  });

  it('monthly accrual only counts employed days: a joiner from 1 July has nothing accrued in June', () => {
    const monthly: LeavePolicy = { ...HOURS_POLICY, accrual: 'monthly' };
    const employee = { startDate: '2026-07-01', contracts: [contract(null, FULL)] };
    expect(computeBalance(input({ policy: monthly, employee, today: '2026-06-30' })).accruedHours).toBe(0);
    expect(computeBalance(input({ policy: monthly, employee, today: '2026-07-01' })).accruedHours).toBe(17); // 200 × 31 / 365 = 16.99
  });
});

describe('taken, booked and pending', () => {
  it('a week of full days takes the contract hours of each day: 5 × 8 = 40 h', () => {
    expect(computeBalance(input({ exceptions: [leave('2026-03-02', '2026-03-06')] }))).toMatchObject({
      takenHours: 40,
      remainingHours: 160,
    });
  });

  it('a public holiday, a weekend and a day without contract hours take 0', () => {
    const row = computeBalance(
      input({
        employee: { contracts: [contract(null, FOUR_DAYS)] },
        exceptions: [leave('2026-03-02', '2026-03-08')], // Monday to Sunday
        holidays: ['2026-03-04'], // Wednesday
      }),
    );
    expect(row.takenHours).toBe(24); // Monday, Tuesday, Thursday; Friday has no contract hours
  });

  it('a worked weekend day takes its hours; an unworked one takes 0 even with contract hours', () => {
    const employee = { contracts: [contract(null, [8, 8, 8, 8, 8, 5, 0])] };
    const exceptions = [leave('2026-11-07', '2026-11-07')]; // Saturday, booked as of 15 June
    expect(computeBalance(input({ employee, exceptions, settings: { saturdayWorkday: true, sundayWorkday: false } })).bookedHours).toBe(5);
    expect(computeBalance(input({ employee, exceptions })).bookedHours).toBe(0);
  });

  it('takes each day’s own hours: a Monday of 10 h and a Friday of 4 h', () => {
    const employee = { contracts: [contract(null, [10, 8, 8, 8, 4, 0, 0])] };
    const exceptions = [leave('2026-03-02', '2026-03-02'), leave('2026-03-06', '2026-03-06')];
    expect(computeBalance(input({ employee, exceptions })).takenHours).toBe(14);
  });

  it('a part day takes its hours per day, never more than the day is worth', () => {
    const exceptions = [
      leave('2026-03-02', '2026-03-03', { isFullDay: false, hours: 3 }),
      leave('2026-03-04', '2026-03-04', { isFullDay: false, hours: 10 }),
    ];
    expect(computeBalance(input({ exceptions })).takenHours).toBe(14); // 3 + 3 + 8
  });

  it('a part day on a holiday takes 0, and a full day with its own hours takes those hours', () => {
    const exceptions = [leave('2026-03-04', '2026-03-04', { isFullDay: false, hours: 4 }), leave('2026-03-05', '2026-03-05', { hours: 6 })];
    expect(computeBalance(input({ exceptions, holidays: ['2026-03-04'] })).takenHours).toBe(6);
  });

  it('overlapping absences never take a day twice; pending takes only what approved left', () => {
    const row = computeBalance(
      input({
        today: '2026-12-31',
        exceptions: [
          leave('2026-03-02', '2026-03-02'),
          leave('2026-03-02', '2026-03-02'),
          leave('2026-03-03', '2026-03-03', { isFullDay: false, hours: 3 }),
          leave('2026-03-03', '2026-03-03', { status: 'pending' }),
        ],
      }),
    );
    expect(row).toMatchObject({ takenHours: 11, pendingHours: 5, remainingHours: 189 });
  });

  it('splits approved leave at today: on or before is taken, after is booked; pending is shown, not deducted', () => {
    const row = computeBalance(
      input({
        today: '2026-03-03',
        exceptions: [leave('2026-03-02', '2026-03-06'), leave('2026-11-02', '2026-11-02', { status: 'pending' })],
      }),
    );
    expect(row).toMatchObject({ takenHours: 16, bookedHours: 24, pendingHours: 8, remainingHours: 160 });
  });

  it('ignores types that do not count, days outside the year, and days after the end date', () => {
    const row = computeBalance(
      input({
        employee: { endDate: '2026-03-03', contracts: [contract(null, FULL)] },
        exceptions: [
          leave('2026-03-02', '2026-03-06', { countsAgainstAllowance: false }),
          leave('2025-12-29', '2026-01-02'),
          leave('2026-03-03', '2026-03-06'),
        ],
      }),
    );
    // 2026-01-01 and 02 (Thursday, Friday) and 2026-03-03 only: 3 × 8.
    expect(row.takenHours).toBe(24);
  });

  it('shows days beside hours for a days policy: 24 h taken by a 4-day 32 h week is 3 days', () => {
    const row = computeBalance(
      input({ policy: DAYS_POLICY, employee: { contracts: [contract(null, FOUR_DAYS)] }, exceptions: [leave('2026-03-02', '2026-03-04')] }),
    );
    expect(row.days).toMatchObject({ dayHours: 8, entitlement: 20, taken: 3, remaining: 17 });
  });
});

describe('adjustments and rounding', () => {
  it('adds the year’s adjustments, signed, and ignores other years’', () => {
    const adjustments = [
      { date: '2026-02-01', hours: 8, reason: 'Long service' },
      { date: '2026-09-01', hours: -2.5, reason: 'Correction' },
      { date: '2027-01-01', hours: 40, reason: 'Next year' },
    ];
    expect(computeBalance(input({ adjustments }))).toMatchObject({ adjustmentHours: 5.5, remainingHours: 205.5 });
  });

  it('rounds once, at the end: 95.78… − 7.6 = 88.2', () => {
    const row = computeBalance(
      input({
        employee: { startDate: '2026-07-01', contracts: [contract(null, [7.6, 7.6, 7.6, 7.6, 7.6, 0, 0])] },
        exceptions: [leave('2026-11-02', '2026-11-02')],
      }),
    );
    // 200 × 38/40 × 184/365 = 95.78; booked 7.6 → 88.18.
    expect(row).toMatchObject({ entitlementHours: 95.8, bookedHours: 7.6, remainingHours: 88.2 });
  });
  it('rounds the entitlement once, not per contract period: 82.74 + 58.63 = 141.37 → 141.4 (not 82.7 + 58.6 = 141.3)', () => {
    // 151 days at 40 h (1 January – 31 May), 214 at 20 h: 200 × (151×40 + 214×20) / (40×365).
    const employee = { contracts: [contract(null, FULL), contract('2026-06-01', [4, 4, 4, 4, 4, 0, 0])] };
    expect(computeBalance(input({ employee })).entitlementHours).toBe(141.4);
  });
});

describe('carry-over', () => {
  const carrying: LeavePolicy = { ...HOURS_POLICY, firstLeaveYear: 2025, carryOverCapHours: 30, carryOverExpiry: { month: 3, day: 31 } };
  // 2025: four weeks (160 h) taken of 200 → 40 h remain; the cap carries 30.
  const in2025 = leave('2025-06-02', '2025-06-27');
  const early = leave('2026-01-05', '2026-01-06'); // 16 h before the expiry
  const later = leave('2026-04-06', '2026-04-08'); // 24 h after it

  it('carries last year’s remaining, capped, and nothing into the policy’s first year', () => {
    expect(computeBalance(input({ policy: carrying, exceptions: [in2025], year: 2025, today: '2025-12-31' }))).toMatchObject({
      carriedOverHours: 0,
      remainingHours: 40,
    });
    const row = computeBalance(input({ policy: carrying, exceptions: [in2025], today: '2026-01-02' }));
    expect(row).toMatchObject({ carriedOverHours: 30, carryOverExpiresOn: '2026-03-31', expiredHours: 0, remainingHours: 230 });
    expect(computeBalance(input({ policy: { ...carrying, carryOverCapHours: null }, exceptions: [in2025] })).carriedOverHours).toBe(40);
    expect(computeBalance(input({ policy: { ...carrying, carryOverCapHours: 0 }, exceptions: [in2025] })).carriedOverHours).toBe(0);
  });

  it('uses carried hours first for leave up to the expiry; the rest expires after it: 30 − 16 = 14 h', () => {
    const exceptions = [in2025, early, later];
    expect(computeBalance(input({ policy: carrying, exceptions, today: '2026-03-31' }))).toMatchObject({
      expiredHours: 0,
      takenHours: 16,
      bookedHours: 24,
      remainingHours: 190,
    });
    expect(computeBalance(input({ policy: carrying, exceptions, today: '2026-06-01' }))).toMatchObject({
      carriedOverHours: 30,
      expiredHours: 14,
      takenHours: 40,
      remainingHours: 176, // 200 + 30 − 14 − 40
    });
  });

  it('nothing expires when leave before the expiry used all of the carry', () => {
    const exceptions = [in2025, leave('2026-01-05', '2026-01-09')]; // 40 h ≥ 30 carried
    expect(computeBalance(input({ policy: carrying, exceptions, today: '2026-06-01' }))).toMatchObject({
      expiredHours: 0,
      remainingHours: 190,
    });
  });

  it('carries no deficit: 240 h taken of 200 in 2025 carries 0', () => {
    const exceptions = [leave('2025-06-02', '2025-07-11')]; // six weeks
    expect(computeBalance(input({ policy: carrying, exceptions, year: 2025, today: '2025-12-31' })).remainingHours).toBe(-40);
    expect(computeBalance(input({ policy: carrying, exceptions })).carriedOverHours).toBe(0);
  });

  it('follows the carry through several years, each closed with its expiry passed', () => {
    // 2025 leaves 40 → 30 carried; 2026 takes nothing, so the 30 expire and 200 remain → 30 carried into 2027.
    const row = computeBalance(input({ policy: carrying, exceptions: [in2025], year: 2027, today: '2027-01-10' }));
    expect(row).toMatchObject({ carriedOverHours: 30, carryOverExpiresOn: '2027-03-31', remainingHours: 230 });
  });
});

describe('invalid input', () => {
  it('refuses a policy it cannot read, and bad dates', () => {
    expect(() => computeBalance(input({ policy: { ...HOURS_POLICY, yearStartMonth: 13 } }))).toThrow(RangeError);
    expect(() => computeBalance(input({ policy: { ...HOURS_POLICY, fullTimeWeeklyHours: 0 } }))).toThrow(RangeError);
    expect(() => computeBalance(input({ policy: { ...DAYS_POLICY, fullWeekDays: 0 } }))).toThrow(RangeError);
    expect(() => computeBalance(input({ today: '2026-02-30' }))).toThrow(RangeError);
    expect(() => computeBalance(input({ exceptions: [leave('2026-13-01', '2026-13-02')] }))).toThrow(RangeError);
  });
});

describe('the worked example of docs/balances.md', () => {
  // Sam: 40 h (Monday to Friday, 8 h) until 30 September 2026, then Monday to Thursday, 8 h (32 h).
  const sam = { contracts: [contract(null, FULL), contract('2026-10-01', FOUR_DAYS)] };
  const policy: LeavePolicy = {
    unit: 'hours',
    entitlementHours: 224,
    fullTimeWeeklyHours: 40,
    yearStartMonth: 4,
    accrual: 'upfront',
    carryOverCapHours: 40,
    carryOverExpiry: { month: 6, day: 30 },
    firstLeaveYear: 2025,
  };
  const exceptions = [
    // Leave year 2025: 160 + 8 + 4 = 172 h of 224, so 52 h remain.
    leave('2025-06-02', '2025-06-27'),
    leave('2025-09-01', '2025-09-01'),
    leave('2025-09-02', '2025-09-02', { isFullDay: false, hours: 4 }),
    // Leave year 2026.
    leave('2026-05-04', '2026-05-08'),
    leave('2026-07-15', '2026-07-15', { isFullDay: false, hours: 3.5 }),
    leave('2026-12-03', '2026-12-07'),
    leave('2027-02-15', '2027-02-15', { status: 'pending' }),
    leave('2026-08-10', '2026-08-14', { countsAgainstAllowance: false }),
  ];
  const example = input({
    policy,
    employee: sam,
    exceptions,
    holidays: ['2025-08-25', '2026-05-04', '2026-12-25'],
    adjustments: [{ date: '2026-04-01', hours: 8, reason: 'Long service day' }],
    year: 2026,
    today: '2026-11-01',
  });

  it('reads as the document says', () => {
    expect(computeBalance({ ...example, year: 2025, today: '2026-04-01' }).remainingHours).toBe(52);
    expect(computeBalance(example)).toEqual({
      year: 2026,
      yearStart: '2026-04-01',
      yearEnd: '2027-03-31',
      entitlementHours: 201.7,
      accruedHours: 201.7,
      carriedOverHours: 40,
      carryOverExpiresOn: '2026-06-30',
      expiredHours: 8,
      takenHours: 35.5,
      bookedHours: 16,
      pendingHours: 8,
      adjustmentHours: 8,
      remainingHours: 190.2,
      days: null,
    });
  });

  it('with monthly accrual has April to November credited on 1 November: 142.3 h', () => {
    expect(computeBalance({ ...example, policy: { ...policy, accrual: 'monthly' } }).accruedHours).toBe(142.3);
  });

  it('under a 28-day policy gives Sam 28 × 13,144 / (5 × 365) = 201.7 h, 25.2 of his 8-hour days', () => {
    const days: LeavePolicy = { ...policy, unit: 'days', entitlementDays: 28, fullWeekDays: 5 };
    expect(computeBalance({ ...example, policy: days }).days).toMatchObject({
      dayHours: 8,
      entitlement: 25.2,
      taken: 4.4,
      remaining: 23.8,
    });
  });
});

describe('days, each converted by the contract where it falls (issue 47)', () => {
  // 20 days a year, five-day weeks. Ria works 7.6 h Monday to Friday; from Monday 7 December 2026 her Friday is 4 h.
  const ria = { contracts: [contract(null, [7.6, 7.6, 7.6, 7.6, 7.6, 0, 0]), contract('2026-12-07', [7.6, 7.6, 7.6, 7.6, 4, 0, 0])] };
  const twenty: LeavePolicy = { ...DAYS_POLICY, entitlementDays: 20 };
  const row = (over: Partial<BalanceInput> = {}) => computeBalance(input({ policy: twenty, employee: ria, today: '2026-12-07', ...over }));

  it('a shorter Friday from today leaves the entitlement at 20 days, not 20 days of the new day length', () => {
    // Every employed day still works five days a week: 20 × 5 × 365 / (5 × 365) = 20.0 days. Her day today is
    // 34.4 ÷ 5 = 6.88 h; dividing the year's 151.0 h by it would have said 21.9 days.
    expect(row().days).toMatchObject({ dayHours: 6.88, entitlement: 20, remaining: 20 });
  });

  it('a whole day away is one day, whatever its hours', () => {
    // Thursday 3 December (7.6 h, before the change) and Friday 11 December (4 h, after it): 2 days, 11.6 h.
    const r = row({ exceptions: [leave('2026-12-03', '2026-12-03'), leave('2026-12-11', '2026-12-11')] });
    expect([r.takenHours, r.bookedHours]).toEqual([7.6, 4]);
    expect(r.days).toMatchObject({ taken: 1, booked: 1, remaining: 18 });
  });

  it('a part day counts its share of that day: 2 h of a 4 h Friday is half a day', () => {
    const r = row({ exceptions: [leave('2026-12-18', '2026-12-18', { isFullDay: false, hours: 2 })] });
    expect(r.days).toMatchObject({ booked: 0.5, remaining: 19.5 });
  });

  it('an adjustment is read in the days of its own date', () => {
    // +7.6 h on 1 June (a 7.6 h day) is 1 day; +6.88 h on 31 December (a 6.88 h day) is 1 day too.
    const r = row({
      adjustments: [
        { date: '2026-06-01', hours: 7.6, reason: 'Bought a day' },
        { date: '2026-12-31', hours: 6.88, reason: 'Bought a day' },
      ],
    });
    expect(r.days).toMatchObject({ adjustments: 2, remaining: 22 });
  });
});
