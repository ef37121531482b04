import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseSubdomain, RESERVED_SUBDOMAINS, subdomainMessages as m, subdomainProblem } from './subdomain';

describe('subdomainProblem', () => {
  it.each(['acme', 'ab', 'a1', '1a', 'acme-north', 'team-42-east', 'x'.repeat(50), 'demo'])('accepts %s', (v) => {
    expect(subdomainProblem(v)).toBeNull();
  });

  it.each([
    ['', m.required],
    ['a', m.tooShort],
    ['x'.repeat(51), m.tooLong],
    ['acme north', m.spaces],
    ['acme\tnorth', m.spaces],
    ['acme_north', m.characters],
    ['acme.north', m.characters],
    ['Acme', m.characters],
    ['café', m.characters],
    ['-acme', m.hyphenEdge],
    ['acme-', m.hyphenEdge],
    ['admin', m.reserved],
    ['www', m.reserved],
    ['api', m.reserved],
    ['billing', m.reserved],
  ])('refuses %j with %s', (v, message) => {
    expect(subdomainProblem(v)).toBe(message);
  });

  it('reserves the names the product serves itself', () => {
    for (const name of ['admin', 'www', 'api', 'app', 'mail', 'static', 'assets', 'help', 'support', 'billing', 'login', 'auth']) {
      expect(RESERVED_SUBDOMAINS.has(name), name).toBe(true);
    }
  });

  it('every reserved name is itself well formed, so the reserved rule is what refuses it', () => {
    for (const name of RESERVED_SUBDOMAINS) expect(subdomainProblem(name)).toBe(m.reserved);
  });

  it('normalises case and surrounding spaces before the rules apply', () => {
    expect(normaliseSubdomain('  Acme-North ')).toBe('acme-north');
    expect(subdomainProblem(normaliseSubdomain(' ACME '))).toBeNull();
  });

  it('whatever it accepts is a valid DNS label of at most 50 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const v = normaliseSubdomain(s);
        if (subdomainProblem(v) === null) {
          expect(v).toMatch(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/);
          expect(v.length).toBeGreaterThanOrEqual(2);
          expect(v.length).toBeLessThanOrEqual(50);
        }
      }),
    );
  });
});
