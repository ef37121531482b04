import type { TExceptionView } from '../../../shared/contracts/calendar';
import type { StaffView } from '../../../shared/domain/staff-view';
import { requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { staffExceptions } from './redact';
import { staffViewOf } from './view';

export type StaffRedactor = (reply: never, view: StaffView) => unknown;

/**
 * What a route open to Staff answers them of their colleagues (decision 106). 'site': only the site's own data (its
 * types, holidays, settings, day notes, totals, who is online), nobody's absence; 'own': only the caller's own
 * (their account, balances, requests: the services choose the rows); 'handler': the handler builds Staff's reply
 * through this module (the calendar's cached text); a function: applied to every successful reply to Staff.
 */
export type StaffReply = 'site' | 'own' | 'handler' | StaffRedactor;

/**
 * Every route of the `staff` access level, and what it answers Staff: one table, so a route opened to Staff
 * without a line here stops the app from building, and a reviewer reads every Staff reply's rule in one place.
 */
export const STAFF_REPLIES: Readonly<Record<string, StaffReply>> = {
  'GET /api/auth/me': 'own',
  'GET /api/sites': 'own',
  'GET /api/settings': 'site',
  'GET /api/subscription/status': 'site',
  'GET /api/live': 'site',
  'POST /api/bug-report': 'own',
  'GET /api/calendar': 'handler',
  'GET /api/exceptions': (list: TExceptionView[], view) => staffExceptions(list, view),
  'GET /api/notes': 'site',
  'GET /api/public-holidays': 'site',
  'GET /api/day-changes': 'site',
  'GET /api/exception-reasons': 'site',
  'GET /api/teams': 'site',
  'GET /api/coverage-rules': 'site',
  'GET /api/balances': 'own',
  'GET /api/balances/preview': 'own',
  // A request as Staff read it: their own, without the site's hours in its history or a shortfall (decision 113).
  'GET /api/leave-requests': 'own',
  'POST /api/leave-requests': 'own',
  'GET /api/leave-requests/:id': 'own',
  'POST /api/leave-requests/:id/cancel': 'own',
};

type Route = { method: string; url: string; access?: string };

/** Staff routes missing from the table (the app does not build with one), and table lines naming no Staff route. */
export function staffReplyGaps(routes: readonly Route[], table: Readonly<Record<string, StaffReply>> = STAFF_REPLIES) {
  const staff = new Set(routes.filter((r) => r.access === 'staff').map((r) => `${r.method} ${r.url}`));
  return { undeclared: [...staff].filter((r) => !(r in table)), stale: Object.keys(table).filter((r) => !staff.has(r)) };
}

/**
 * The one place a Staff reply passes through: a declared redactor runs on every successful reply to a Staff
 * session or token, before it is serialised. Registered before the routes, so it sees each one added.
 */
export function registerStaffReplies(app: App, deps: AppDeps): void {
  const { db } = deps.database;
  const routes: Route[] = [];
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: string } | undefined)?.access;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
  });
  app.addHook('onReady', async () => {
    // A stale line only costs a lookup; a missing one could let a reply through unread.
    const { undeclared } = staffReplyGaps(routes);
    if (undeclared.length) throw new Error(`Staff routes missing from STAFF_REPLIES: ${undeclared.join(', ')}`);
  });
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (!req.session?.isStaff || reply.statusCode >= 300) return payload;
    const redact = STAFF_REPLIES[`${req.method} ${req.routeOptions.url}`];
    if (typeof redact !== 'function') return payload;
    return (redact as (reply: unknown, view: StaffView) => unknown)(payload, await staffViewOf(db, requireUser(req)));
  });
}
