import { describe, expect, it } from 'vitest';
import { scrubUrl } from './logging';

describe('scrubUrl', () => {
  it('redacts query values whose key names a secret, in any case or escape, and keeps the rest', () => {
    expect(scrubUrl('/x?Access_Token=a1&view=week&X-Amz-Signature=b2&api%5Fkey=c3&page=2')).toBe(
      '/x?Access_Token=[redacted]&view=week&X-Amz-Signature=[redacted]&api%5Fkey=[redacted]&page=2',
    );
    expect(scrubUrl('/x?%E0%A4=1&flag&token')).toBe('/x?%E0%A4=1&flag&token');
  });

  it('redacts the path segment a route names as a secret, and nothing under a static wildcard', () => {
    expect(scrubUrl('/feeds/abc.ics?x=1', '/feeds/:token')).toBe('/feeds/[redacted]?x=1');
    expect(scrubUrl('/api/notes/12', '/api/notes/:id')).toBe('/api/notes/12');
    expect(scrubUrl('/assets/full-app-Cpg_v-k5.js.br', '/assets/*')).toBe('/assets/full-app-Cpg_v-k5.js.br');
  });

  it('without a route, redacts token-like segments only, and drops a fragment', () => {
    expect(scrubUrl('/feeds/x/6YXxBpXznzbjK3G7_lHAWhseCWSJF3eu#frag')).toBe('/feeds/x/[redacted]');
    expect(scrubUrl('/api/unknown-route')).toBe('/api/unknown-route');
  });
});
