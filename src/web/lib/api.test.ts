import { describe, expect, expectTypeOf, it } from 'vitest';
import { employeeDefaults, type TEmployee } from '../../shared/contracts/employees';
import type { TSettingsResponse } from '../../shared/contracts/settings';
import type { RouteReply } from '../../shared/routes/types';
import { api, bodyOf, urlOf } from './api';

describe('urlOf', () => {
  it('fills the path parameters and appends the query string, leaving unset values out', () => {
    expect(urlOf('PUT /api/employees/:id', { params: { id: 7 } })).toBe('/api/employees/7');
    expect(urlOf('PUT /api/sites/:siteId/name', { params: { siteId: '12' } })).toBe('/api/sites/12/name');
    expect(urlOf('GET /api/holiday-catalogue/holidays', { query: { country: 'GB', year: 2027, state: undefined } })).toBe(
      '/api/holiday-catalogue/holidays?country=GB&year=2027',
    );
    expect(urlOf('GET /api/admin/search', { query: { q: 'a b&c', type: 'all' } })).toBe('/api/admin/search?q=a+b%26c&type=all');
    expect(urlOf('GET /api/auth/me')).toBe('/api/auth/me');
  });

  it('escapes a path parameter', () => {
    expect(urlOf('DELETE /api/notes/:id', { params: { id: '1/../2' } })).toBe('/api/notes/1%2F..%2F2');
  });
});

describe('bodyOf', () => {
  it('sends {} on a change without a body, and nothing on a read or a delete', () => {
    expect(bodyOf('POST /api/auth/logout', undefined)).toEqual({});
    expect(bodyOf('PATCH /api/auth/users/:id/toggle-status', { params: { id: 1 } })).toEqual({});
    expect(bodyOf('GET /api/employees', undefined)).toBeUndefined();
    expect(bodyOf('DELETE /api/employees/:id', { params: { id: 1 } })).toBeUndefined();
    expect(bodyOf('POST /api/bug-report', { body: { subject: 's' } })).toEqual({ subject: 's' });
  });
});

/**
 * Decision 070's promise, checked by the compiler (this file is part of `npm run typecheck`): the client's
 * types come from the shared contracts, so a field renamed there breaks every call that sends or reads the
 * old name. Each `@ts-expect-error` below fails the typecheck the day its line stops being an error.
 */
describe('the client is typed by the shared route table', () => {
  it('gives each reply the type of its contract', () => {
    expectTypeOf<RouteReply<'GET /api/employees'>>().toEqualTypeOf<TEmployee[]>();
    expectTypeOf<RouteReply<'PUT /api/settings'>>().toEqualTypeOf<TSettingsResponse>();
  });

  it('refuses a wrong field name, a missing field, a missing parameter and an unknown route', () => {
    // Never called: the calls exist to be type-checked.
    const calls = async () => {
      await api('POST /api/employees', { body: employeeDefaults });
      const { name, ...withoutName } = employeeDefaults;
      // @ts-expect-error: the contract's field is `name`; a body saying `fullName` is what a rename leaves behind
      await api('POST /api/employees', { body: { ...withoutName, fullName: name } });
      // @ts-expect-error: `name` is required by ZEmployeeInput
      await api('POST /api/employees', { body: withoutName });
      // @ts-expect-error: the path has `:id`, so `params.id` is required
      await api('DELETE /api/employees/:id');
      // @ts-expect-error: no such route in the table
      await api('GET /api/employee');
      const [first] = await api('GET /api/employees');
      // @ts-expect-error: TEmployee has `name`, not `fullName`
      return first.fullName;
    };
    expect(typeof calls).toBe('function');
  });
});
