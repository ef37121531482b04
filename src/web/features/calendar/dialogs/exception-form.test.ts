import { describe, expect, it } from 'vitest';
import type { TExceptionView, TReason } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { formSchema, initialValues, nextFullDay, toHours, toId } from './exception-form';

// 2027-03-01 is a Monday, 2027-03-06 a Saturday.
const ana: TEmployee = {
  id: 3,
  siteId: 1,
  sortOrder: 0,
  defaultHours: 4,
  name: 'Ana',
  efficiency: 100,
  mondayHours: 4,
  tuesdayHours: 8,
  wednesdayHours: 8,
  thursdayHours: 8,
  fridayHours: 8,
  saturdayHours: 0,
  sundayHours: 0,
};
const overtime: TReason = { id: 4, name: 'Overtime', color: '#10b981', isAdditive: true, sortOrder: 3, scope: 'business' };
const leave: TReason = { id: 1, name: 'Annual Leave', color: '#3b82f6', isAdditive: false, sortOrder: 0, scope: 'business' };

describe('exception form', () => {
  it('a new exception from the day view: the day, full day, the weekday’s hours ready for a part day', () => {
    expect(initialValues({ mode: 'new', date: '2027-03-01' }, [ana], [leave])).toEqual({
      employeeId: undefined, reasonId: undefined, startDate: '2027-03-01', endDate: '2027-03-01', isFullDay: true, hours: 8, notes: '',
    }); // prettier-ignore
  });

  it('a drop of an employee with an additive type on a zero-hour day: full day off, 8 hours', () => {
    const v = initialValues({ mode: 'new', date: '2027-03-06', employeeId: 3, reason: overtime, fromDrop: true }, [ana], [overtime]);
    expect(v).toMatchObject({ employeeId: 3, reasonId: 4, isFullDay: false, hours: 8 });
    expect(initialValues({ mode: 'new', date: '2027-03-01', employeeId: 3, reason: leave, fromDrop: true }, [ana], [leave])).toMatchObject({
      isFullDay: true,
      hours: 4,
    });
  });

  it("a range chosen in the wallchart starts with that employee and those days; hours from the first day's", () => {
    expect(initialValues({ mode: 'new', date: '2027-03-01', endDate: '2027-03-04', employeeId: 3 }, [ana], [leave])).toMatchObject({
      employeeId: 3,
      startDate: '2027-03-01',
      endDate: '2027-03-04',
      isFullDay: true,
      hours: 4,
    });
  });

  it('an edit starts from the record', () => {
    const e = {
      id: 9,
      employeeId: 3,
      reasonId: 1,
      startDate: '2027-03-01',
      endDate: '2027-03-03',
      isFullDay: false,
      hours: 2.5,
      notes: null,
      isAdditive: false,
    } as TExceptionView;
    expect(initialValues({ mode: 'edit', exception: e }, [ana], [leave])).toEqual({
      employeeId: 3,
      reasonId: 1,
      startDate: '2027-03-01',
      endDate: '2027-03-03',
      isFullDay: false,
      hours: 2.5,
      notes: '',
    });
  });

  it('validates with the shared messages and the employee’s maximum hours', () => {
    const schema = formSchema([ana]);
    const base = { startDate: '2027-03-01', endDate: '2027-03-01', isFullDay: false, hours: 8.1, notes: null };
    const issues = (v: object) => schema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues({ ...base, employeeId: undefined, reasonId: undefined })).toEqual(
      expect.arrayContaining(['employeeId: Please select an employee', 'reasonId: Please select a reason']),
    );
    expect(issues({ ...base, employeeId: 3, reasonId: 1 })).toEqual(['hours: Hours cannot exceed 8']);
    expect(issues({ ...base, employeeId: 3, reasonId: 1, hours: 8 })).toEqual([]);
    expect(issues({ ...base, employeeId: 3, reasonId: 1, hours: 30, isFullDay: true })).toEqual([]);
    expect(issues({ ...base, employeeId: 3, reasonId: 1, hours: null })).toEqual(['hours: Hours are required when Full Day is off']);
  });

  it('parses the select and hours fields', () => {
    expect([toId(''), toId('7'), toHours(''), toHours('2.5'), toHours(Number.NaN)]).toEqual([undefined, 7, null, 2.5, null]);
  });
});

describe('Full Day follows the forced-off case (spec §4: on by default)', () => {
  it('is forced off by the rule and comes back when the case is cleared', () => {
    let s = nextFullDay({ manual: true, isFullDay: true, forcedOff: false });
    expect(s).toEqual({ isFullDay: false, forcedOff: true });
    s = nextFullDay({ manual: false, ...s });
    expect(s).toEqual({ isFullDay: true, forcedOff: false });
  });

  it('a dialog opened forced off turns Full Day on once another employee and type clear it', () => {
    expect(nextFullDay({ manual: false, isFullDay: false, forcedOff: true })).toEqual({ isFullDay: true, forcedOff: false });
  });

  it('leaves a Full Day the user switched off alone', () => {
    expect(nextFullDay({ manual: false, isFullDay: false, forcedOff: false })).toEqual({ isFullDay: false, forcedOff: false });
  });
});
