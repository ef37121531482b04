import { describe, expect, it } from 'vitest';
import { diff } from './audit';
import { contains } from './queries';
import { bearerToken } from './sessions';

describe('bearerToken', () => {
  it('reads the token of a Bearer header, any case of the scheme', () => {
    expect(bearerToken('Bearer abc.DEF-123_')).toBe('abc.DEF-123_');
    expect(bearerToken('bearer xyz')).toBe('xyz');
  });
  it('is undefined for a missing header, another scheme or an empty token', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});

describe('audit diff', () => {
  it('keeps only the changed fields, on both sides, dates as ISO text', () => {
    const before = { name: 'North', planType: 'starter', isActive: true, trialEndsAt: new Date('2026-12-01T00:00:00Z') };
    const after = { name: 'North', planType: 'enterprise', isActive: false, trialEndsAt: new Date('2026-12-01T00:00:00Z') };
    expect(diff(before, after)).toEqual({
      before: { planType: 'starter', isActive: true },
      after: { planType: 'enterprise', isActive: false },
    });
  });
  it('records a field that became empty as null', () => {
    expect(diff({ notes: 'x' }, { notes: null })).toEqual({ before: { notes: 'x' }, after: { notes: null } });
  });
});

describe('contains', () => {
  it('lower-cases and takes LIKE wildcards literally', () => {
    expect(contains('Demo')).toBe('%demo%');
    expect(contains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
