import { describe, expect, it } from 'vitest';
import { assertLinked, assertOwnIfReadOnly } from './rules';

describe('time-off refusals by role (decisions 092, 105)', () => {
  it('a request needs a linked employee', () => {
    expect(assertLinked({ employeeId: 7 })).toBe(7);
    expect(() => assertLinked({ employeeId: null })).toThrow(
      'Your account is not linked to an employee of this site. Ask an admin to link it in User Management.',
    );
  });

  it('a read-only user cancels only their own request; a manager any', () => {
    const notYours = 'Only the person who made a request can cancel it';
    expect(() => assertOwnIfReadOnly({ isReadOnly: true, userId: 5 }, { requesterUserId: 5 })).not.toThrow();
    expect(() => assertOwnIfReadOnly({ isReadOnly: true, userId: 5 }, { requesterUserId: 6 })).toThrow(notYours);
    expect(() => assertOwnIfReadOnly({ isReadOnly: true, userId: 5 }, { requesterUserId: null })).toThrow(notYours);
    expect(() => assertOwnIfReadOnly({ isReadOnly: false, userId: 5 }, { requesterUserId: 6 })).not.toThrow();
  });
});
