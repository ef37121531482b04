import { describe, expect, it } from 'vitest';
import { roleBadges, roleOf, USER_ROLES } from '../../../shared/contracts/users';
import { roleFlags } from './roles';

describe('roleFlags', () => {
  it('fills what is left out: nothing on create, the current role on update, read-only with Staff', () => {
    expect(roleFlags({})).toEqual({ isAdmin: false, isReadOnly: false, isStaff: false });
    expect(roleFlags({ isStaff: true })).toEqual({ isAdmin: false, isReadOnly: true, isStaff: true });
    const admin = { isAdmin: true, isReadOnly: false, isStaff: false };
    expect(roleFlags({ isReadOnly: true }, admin)).toEqual({ isAdmin: true, isReadOnly: true, isStaff: false });
    const staff = { isAdmin: false, isReadOnly: true, isStaff: true };
    expect(roleFlags({}, staff)).toEqual(staff);
    expect(roleFlags({ isStaff: false, isReadOnly: false }, staff)).toEqual({ isAdmin: false, isReadOnly: false, isStaff: false });
  });

  it('refuses Staff with admin, and Staff that may write, with the messages to act on', () => {
    expect(() => roleFlags({ isStaff: true, isAdmin: true })).toThrow('A Staff user cannot be an admin. Choose Staff or Admin.');
    expect(() => roleFlags({ isAdmin: true }, { isAdmin: false, isReadOnly: true, isStaff: true })).toThrow('cannot be an admin');
    expect(() => roleFlags({ isStaff: true, isReadOnly: false })).toThrow('A Staff user is always read-only');
  });
});

describe('roleOf', () => {
  it('names each mix of flags the ladder has, and each named role gives back its flags', () => {
    expect(roleOf({ isAdmin: true, isReadOnly: false, isStaff: false })).toBe('admin');
    expect(roleOf({ isAdmin: true, isReadOnly: true, isStaff: false })).toBe('readOnlyAdmin');
    expect(roleOf({ isAdmin: false, isReadOnly: false, isStaff: false })).toBe('regular');
    expect(roleOf({ isAdmin: false, isReadOnly: true, isStaff: false })).toBe('readOnly');
    expect(roleOf({ isAdmin: false, isReadOnly: true, isStaff: true })).toBe('staff');
    expect(Object.values(USER_ROLES).map((r) => r.label)).toEqual(['Admin', 'Read-only admin', 'User', 'Read Only', 'Staff']);
  });
});

describe('roleBadges', () => {
  it('says each role in the spec §6 words: Admin, User, Read Only, Staff; a read-only admin is Admin and Read Only', () => {
    expect(roleBadges({ isAdmin: true, isReadOnly: false, isStaff: false })).toEqual(['Admin']);
    expect(roleBadges({ isAdmin: true, isReadOnly: true, isStaff: false })).toEqual(['Admin', 'Read Only']);
    expect(roleBadges({ isAdmin: false, isReadOnly: false, isStaff: false })).toEqual(['User']);
    expect(roleBadges({ isAdmin: false, isReadOnly: true, isStaff: false })).toEqual(['Read Only']);
    expect(roleBadges({ isAdmin: false, isReadOnly: true, isStaff: true })).toEqual(['Staff']);
  });
});
