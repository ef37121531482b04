import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseSubdomain, RESERVED_SUBDOMAINS, subdomainMessages as m, subdomainProblem, subdomainFromName } from './subdomain';

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

  it('reserves the server words a site could shadow: feeds, metrics, health checks', () => {
    for (const name of ['feeds', 'metrics', 'healthz', 'readyz', 'docs', 'register']) expect(subdomainProblem(name), name).toBe(m.reserved);
  });

  it('reserves every word of the web app’s page paths, read from its router', () => {
    const router = readFileSync(new URL('../../web/app/router.tsx', import.meta.url), 'utf8');
    const words = [...router.matchAll(/path: '([^']*)'/g)]
      .flatMap((p) => p[1].split('/'))
      .filter((w) => w && !w.startsWith(':') && w !== '*');
    expect(words).toContain('user-management');
    expect(words.filter((w) => !RESERVED_SUBDOMAINS.has(w))).toEqual([]);
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

describe('subdomainFromName (spec 02 §5 new site rule)', () => {
  const at = 1_795_000_123_456; // last six digits: 123456
  it.each([
    ['North Team', 'north-team-123456'],
    ['  North & East -- Team! ', 'north-east-team-123456'],
    ['ÅRHUS Café', 'rhus-caf-123456'],
    ['Site 2', 'site-2-123456'],
    ['***', '123456'],
  ])('%j becomes %s', (name, expected) => {
    expect(subdomainFromName(name, at)).toBe(expected);
  });

  it('keeps the whole suffix when a long name is cut to 50 characters', () => {
    const id = subdomainFromName('a'.repeat(60), at);
    expect(id).toBe(`${'a'.repeat(43)}-123456`);
    expect(id).toHaveLength(50);
  });

  it('pads nothing: the suffix is the last six digits of the time', () => {
    expect(subdomainFromName('x', 1_000_000_000_042)).toBe('x-000042');
  });
});
