import { describe, expect, it } from 'vitest';
import { isAdminHost } from './host';

describe('isAdminHost', () => {
  it('is the admin sub-host of any app host', () => {
    expect(isAdminHost('admin.localhost')).toBe(true);
    expect(isAdminHost('admin.hoursight.example.com')).toBe(true);
    expect(isAdminHost('ADMIN.example.com')).toBe(true);
  });
  it('is not a site, the bare host, or a name that merely starts with admin', () => {
    expect(isAdminHost('localhost')).toBe(false);
    expect(isAdminHost('demo.localhost')).toBe(false);
    expect(isAdminHost('administrator.example.com')).toBe(false);
    expect(isAdminHost('admin')).toBe(false);
    expect(isAdminHost('admin.')).toBe(false);
  });
});
