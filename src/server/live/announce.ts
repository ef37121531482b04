import type { FastifyRequest } from 'fastify';
import { isChange } from '../auth/access';
import { LIVE_TAB_HEADER, TAB_ID_PATTERN, type LiveKind } from '../../shared/contracts/live';
import type { App } from '../http/types';
import type { BusMessage, LiveBus } from './bus';

/** Route prefixes whose successful changes a site's open calendars must hear about, and as what. */
const CHANGE_KINDS: Array<[prefix: string, kind: LiveKind]> = [
  ['/api/exceptions', 'exceptions'],
  ['/api/absences', 'exceptions'],
  // A decided time-off request adds or removes an exception; a new one shows as pending (decision 092).
  ['/api/leave-requests', 'exceptions'],
  ['/api/notes', 'notes'],
  ['/api/exception-reasons', 'reasons'],
  ['/api/employees', 'employees'],
  ['/api/day-changes', 'dayChanges'],
  ['/api/public-holidays', 'holidays'],
  ['/api/settings', 'settings'],
  // Deletes old exceptions, notes and day changes at once.
  ['/api/data-maintenance', 'all'],
];

/** Changes after which sockets must re-read their session: it ended, moved site, or its user changed. */
const RECHECKS: Record<string, (req: FastifyRequest) => BusMessage | undefined> = {
  '/api/switch-site': (req) => (req.session ? { t: 'recheck', sid: req.session.sessionId } : undefined),
  '/api/auth/logout': (req) => (req.session ? { t: 'recheck', sid: req.session.sessionId } : undefined),
  '/api/auth/users/:id': (req) => ({ t: 'recheck', uid: idParam(req) }),
  '/api/auth/users/:id/toggle-status': (req) => ({ t: 'recheck', uid: idParam(req) }),
  '/api/auth/users/:id/site-permissions': (req) => ({ t: 'recheck', uid: idParam(req) }),
  '/api/admin/users/:id': (req) => ({ t: 'recheck', uid: idParam(req) }),
  '/api/sites/:id': (req) => ({ t: 'recheck', site: idParam(req) }),
  '/api/admin/sites/:id/toggle-status': (req) => ({ t: 'recheck', site: idParam(req) }),
};

function idParam(req: FastifyRequest): number | undefined {
  const id = Number((req.params as { id?: unknown } | undefined)?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const matches = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** The announcement a finished request calls for, if any. Exported for the unit test of the mapping. */
export function announcementFor(req: FastifyRequest, statusCode: number): BusMessage | undefined {
  const url = req.routeOptions.url;
  if (!url || !isChange(req.method) || statusCode < 200 || statusCode >= 300) return undefined;
  const recheck = RECHECKS[url];
  if (recheck) return recheck(req);
  const kind = CHANGE_KINDS.find(([prefix]) => matches(url, prefix))?.[1];
  if (!kind || !req.session) return undefined;
  const id = idParam(req);
  const tab = req.headers[LIVE_TAB_HEADER];
  return {
    t: 'change',
    site: req.session.currentSiteId,
    kind,
    ids: id ? [id] : [],
    ...(typeof tab === 'string' && TAB_ID_PATTERN.test(tab) ? { tab } : {}),
  };
}

/**
 * The one place changes are announced. onResponse runs once the reply has been sent, so the handler (and the
 * transaction it awaited) has finished: a socket never hears of a change that is not yet committed.
 */
export function registerAnnouncer(app: App, bus: LiveBus): void {
  app.addHook('onResponse', async (req, reply) => {
    const message = announcementFor(req, reply.statusCode);
    if (!message) return;
    await bus.publish(message).catch((err: Error) => req.log.warn({ component: 'live', err: err.message }, 'live announcement failed'));
  });
}
