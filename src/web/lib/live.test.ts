import { describe, expect, it } from 'vitest';
import { KIND_PATHS, reconnectDelay } from './live';

describe('reconnectDelay', () => {
  it('doubles from 0.5 s up to 30 s, jittered between half and all of that', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 0.5)).toBe(3000);
    expect(reconnectDelay(6, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});

describe('KIND_PATHS', () => {
  it('refetches only the lists a change can alter', () => {
    expect(KIND_PATHS.notes).toEqual(['/api/notes']);
    expect(KIND_PATHS.exceptions).toEqual(['/api/exceptions', '/api/day-changes', '/api/balances', '/api/calendar']);
    expect(KIND_PATHS.employees).toEqual(['/api/employees', '/api/exceptions', '/api/day-changes', '/api/balances', '/api/calendar']);
    expect(KIND_PATHS.dayChanges).toEqual(['/api/day-changes', '/api/calendar']);
  });
});
