import { describe, expect, it } from 'vitest';
import { siteAddress } from './site-address';

describe('siteAddress', () => {
  it('puts the identifier before a named host', () => {
    expect(siteAddress('acme', 'hoursight.example.com')).toEqual({ kind: 'subdomain', host: 'acme.hoursight.example.com' });
    expect(siteAddress('acme', 'localhost:3000')).toEqual({ kind: 'subdomain', host: 'acme.localhost:3000' });
  });

  it('keeps an IP address as it is: the identifier goes on the sign-in form', () => {
    expect(siteAddress('acme', '192.168.1.20:3000')).toEqual({ kind: 'identifier', host: '192.168.1.20:3000' });
    expect(siteAddress('acme', '10.0.0.5')).toEqual({ kind: 'identifier', host: '10.0.0.5' });
    expect(siteAddress('acme', '[::1]:3000')).toEqual({ kind: 'identifier', host: '[::1]:3000' });
  });
});
