import { describe, expect, it } from 'vitest';
import { isSessionOnlyPath } from './api-tokens';

describe('isSessionOnlyPath', () => {
  it('refuses tokens on the person-bound prefixes and everything below them', () => {
    for (const path of [
      '/auth/register',
      '/api/auth/me',
      '/api/auth/users/:id/toggle-status',
      '/api/switch-site',
      '/api/sites',
      '/api/sites/:id',
      '/api/api-tokens',
      '/api/api-tokens/:id',
      '/api/saved-notifications/:id/toggle',
      '/api/subscription/status',
      '/api/email-report',
      '/api/admin/stats',
      '/api/calendar-feeds',
      '/api/calendar-feeds/:id/renew',
    ]) {
      expect(isSessionOnlyPath(path), path).toBe(true);
    }
  });

  it('lets tokens reach the data routes, also with a query string, and does not match on a shared start of a name', () => {
    for (const path of [
      '/api/employees',
      '/api/exceptions?startDate=2030-01-01&endDate=2030-01-31',
      '/api/exception-reasons',
      '/api/reports/csv',
      '/api/settings',
      '/api/sitesx',
      '/api/api-tokens-help',
      '/api/authorise',
      '/api/calendar?startDate=2030-01-01&endDate=2030-01-07',
    ]) {
      expect(isSessionOnlyPath(path), path).toBe(false);
    }
  });

  it('lets tokens read time-off requests but make no change to them (decision 105)', () => {
    for (const path of ['/api/leave-requests', '/api/leave-requests/:id', '/api/leave-requests/:id/impact'])
      expect(isSessionOnlyPath(path, 'GET'), path).toBe(false);
    for (const path of [
      '/api/leave-requests',
      '/api/leave-requests/:id/approve',
      '/api/leave-requests/:id/decline',
      '/api/leave-requests/:id/cancel',
    ])
      expect(isSessionOnlyPath(path, 'POST'), path).toBe(true);
    expect(isSessionOnlyPath('/api/leave-requests-extra', 'POST')).toBe(false);
    expect(isSessionOnlyPath('/api/leave-approvers', 'PUT')).toBe(false);
  });
});
