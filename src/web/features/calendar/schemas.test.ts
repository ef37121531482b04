import { describe, expect, it } from 'vitest';
import { ZAuthoriseMultipleResponse } from '../../../shared/contracts/day-changes';
import { ZEmployee } from '../../../shared/contracts/employees';
import { ZAuthoriseMultipleReply, ZDraggedEmployee } from './schemas';

const employee = {
  id: 3,
  siteId: 1,
  sortOrder: 0,
  defaultHours: 7.6,
  name: 'Ana',
  efficiency: 100,
  mondayHours: 7.6,
  tuesdayHours: 7.6,
  wednesdayHours: 7.6,
  thursdayHours: 7.6,
  fridayHours: 7.6,
  saturdayHours: 0,
  sundayHours: 0,
};

describe('calendar shape checks', () => {
  it('accept what the contracts accept and keep only the known keys', () => {
    expect(ZEmployee.parse(employee)).toEqual(employee);
    expect(ZDraggedEmployee.safeParse({ ...employee, extra: 1 })).toEqual({ success: true, data: employee });
    const reply = { count: 2, dates: ['2027-03-01', '2027-03-02'] };
    expect(ZAuthoriseMultipleResponse.parse(reply)).toEqual(reply);
    expect(ZAuthoriseMultipleReply.safeParse(reply)).toEqual({ success: true, data: reply });
  });

  it('refuse what the contracts refuse, naming the first wrong field', () => {
    for (const bad of [
      null,
      [],
      'x',
      { ...employee, id: 'x' },
      { ...employee, name: 3 },
      { ...employee, sundayHours: Number.NaN },
      { ...employee, fridayHours: undefined },
    ]) {
      expect(ZEmployee.safeParse(bad).success).toBe(false);
      expect(ZDraggedEmployee.safeParse(bad).success).toBe(false);
    }
    expect(ZDraggedEmployee.safeParse({ ...employee, efficiency: '100' })).toEqual({
      success: false,
      error: { issues: [{ path: ['efficiency'], message: 'Invalid input' }] },
    });
    for (const bad of [{ count: 1 }, { count: '1', dates: [] }, { count: 1, dates: [1] }, null]) {
      expect(ZAuthoriseMultipleResponse.safeParse(bad).success).toBe(false);
      expect(ZAuthoriseMultipleReply.safeParse(bad).success).toBe(false);
    }
  });
});
