import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pathId } from './path-id';

const withId = (id: unknown) => ({ params: { id } }) as unknown as FastifyRequest;

describe('pathId (decision 105)', () => {
  it('reads the ids the routes accept', () => {
    expect(pathId(withId('1'))).toBe(1);
    expect(pathId(withId('42'))).toBe(42);
    expect(pathId(withId('2147483647'))).toBe(2147483647);
  });

  it('gives null for what the routes refuse, so the guard lets their 400 answer', () => {
    for (const id of ['x', '0', '-3', '1.5', '2147483648', undefined]) expect(pathId(withId(id)), String(id)).toBeNull();
    expect(pathId({ params: {} } as unknown as FastifyRequest)).toBeNull();
  });
});
