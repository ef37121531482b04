import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { announcementFor } from './announce';

/** What announcementFor reads of a finished request. */
const request = (method: string, url: string, params: Record<string, string> = {}) =>
  ({ method, routeOptions: { url }, params, headers: {}, session: { currentSiteId: 7, sessionId: 's' } }) as unknown as FastifyRequest;

describe('announcementFor', () => {
  // Exception writes keep the database's calendar-data triggers quiet (decision 059): these announcements are
  // what tell every instance, and every open calendar, that the site's exceptions changed.
  it.each([
    ['POST', '/api/exceptions', {}, []],
    ['PUT', '/api/exceptions/:id', { id: '41' }, [41]],
    ['PUT', '/api/absences/:id', { id: '42' }, [42]],
    ['DELETE', '/api/exceptions/:id', { id: '43' }, [43]],
  ])('announces %s %s as a change to the exceptions of the session’s site', (method, url, params, ids) => {
    expect(announcementFor(request(method, url, params), method === 'POST' ? 201 : 200)).toEqual({
      t: 'change',
      site: 7,
      kind: 'exceptions',
      ids,
    });
  });

  it('announces nothing for a refused change or a read', () => {
    expect(announcementFor(request('POST', '/api/exceptions'), 404)).toBeUndefined();
    expect(announcementFor(request('PUT', '/api/exceptions/:id', { id: '41' }), 409)).toBeUndefined();
    expect(announcementFor(request('GET', '/api/exceptions'), 200)).toBeUndefined();
  });
});
