import { describe, expect, it } from 'vitest';
import { siteFromHost } from './host';

describe('siteFromHost', () => {
  it('reads the subdomain of the app host and of localhost', () => {
    expect(siteFromHost('acme.example.com', 'example.com')).toBe('acme');
    expect(siteFromHost('acme.localhost:3000', 'localhost:3000')).toBe('acme');
  });
  it('gives none for the bare host, IPs, deeper names and reserved names', () => {
    expect(siteFromHost('example.com', 'example.com')).toBeUndefined();
    expect(siteFromHost('localhost:3000', 'localhost:3000')).toBeUndefined();
    expect(siteFromHost('127.0.0.1:3000', 'localhost:3000')).toBeUndefined();
    expect(siteFromHost('a.b.example.com', 'example.com')).toBeUndefined();
    expect(siteFromHost('www.example.com', 'example.com')).toBeUndefined();
    expect(siteFromHost('admin.localhost', 'localhost')).toBeUndefined();
    expect(siteFromHost(undefined, 'example.com')).toBeUndefined();
  });
});
