import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sqlStateOf } from './errors';

describe('database error codes', () => {
  it('reads the SQLSTATE from drizzle’s wrapper or from the driver error itself', () => {
    expect(sqlStateOf({ message: 'Failed query', cause: { code: '23505' } })).toBe('23505');
    expect(sqlStateOf({ code: '23503' })).toBe('23503');
    expect(sqlStateOf(new Error('plain'))).toBeUndefined();
    expect(sqlStateOf(undefined)).toBeUndefined();
    expect(sqlStateOf({ code: 42 })).toBeUndefined();
  });

  it('knows a unique violation from other constraint errors', () => {
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23503' } })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
