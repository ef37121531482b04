import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { enforceAccess, type AccessLevel, isChange } from './auth/access';
import { keepsSessions } from './auth/session-neutral';
import { bearerOf, createApiTokenAuth } from './auth/api-tokens';
import { SessionCache } from './live/session-cache';
import { loadSession, SESSION_COOKIE, type SessionLookupCache } from './auth/sessions';
import type { TrustProxy } from './env';
import { registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerHealthRoutes } from './ops/health';
import { registerBackupRoute } from './ops/backup-route';
import { openLiveBus, registerLive } from './live/plugin';
import { createMetrics, registerMetrics } from './ops/metrics';
import { genReqId, registerRequestIdHeader } from './ops/logging';
import { registerOriginCheck, registerSecurityHeaders } from './http/security';
import { registerSessionCookieRenewal } from './http/session-cookie';
import { registerCompression, registerWebAssets } from './http/web-assets';
import type { App, AppDeps } from './http/types';
import { registerAccountRoutes } from './modules/accounts';
import { registerApiTokenRoutes } from './modules/api-tokens';
import { registerAuthRoutes } from './modules/auth';
import { registerSiteTwoFactorRoutes } from './modules/two-factor';
import { registerBugReportRoutes } from './modules/bug-report';
import { CalendarCache, registerCalendarBundleRoute, registerCalendarReadRoutes } from './modules/calendar';
import { registerDataMaintenanceRoutes } from './modules/data-maintenance';
import { registerDayChangeRoutes } from './modules/day-changes';
import { registerExceptionReasonRoutes } from './modules/exception-reasons';
import { registerHolidayRoutes } from './modules/holidays';
import { registerExceptionRoutes } from './modules/exceptions';
import { registerLeaveRequestRoutes } from './modules/leave-requests';
import { registerBalanceRoutes } from './modules/balances';
import { registerCoverageRoutes, registerForecastRoutes } from './modules/coverage';
import { registerFeedRoutes } from './modules/feeds';
import { registerTransferRoutes } from './modules/transfer';
import { registerNoteRoutes } from './modules/notes';
import { registerReportRoutes } from './modules/reports';
import { registerRecipientListRoutes } from './modules/report-recipients';
import { registerNotificationRoutes } from './modules/notifications';
import { registerSettingsRoutes } from './modules/settings';
import { registerEmployeeRoutes } from './modules/employees';
import { registerTeamRoutes } from './modules/teams';
import { registerSiteRoutes } from './modules/sites';
import { registerSuperAdminRoutes } from './modules/super-admin';
import { registerStripeWebhookRoute, registerSubscriptionRoutes, subscriptionGate } from './modules/subscriptions';
import { registerUserRoutes } from './modules/users';
import { registerStaffReplies } from './modules/privacy';
import { reserveRouteWords } from './http/route-words';
import { registerRateLimits } from './rate-limit/plugin';
import type { RouteFlags } from './http/route-flags';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served with an index.html fallback for client routes. */
  webDir?: string;
}

export type { AccessLevel, RouteFlags };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, so tests can prove each one is covered by the tenancy probe. */
    routeTable: Array<{ method: string; url: string; access?: AccessLevel }>;
  }
}

/** Fastify accepts a hop count at run time (see its request.js) though its types leave numbers out. */
const trustProxyOption = (value: TrustProxy | undefined) => (value ?? false) as FastifyServerOptions['trustProxy'];

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/auth/');

/** Every /api and /auth route must declare its access level: a forgotten one stops the app from building. */
export function assertAccessDeclared(routes: App['routeTable']): void {
  const undeclared = routes.filter((r) => isApiPath(r.url) && !r.access).map((r) => `${r.method} ${r.url}`);
  if (undeclared.length) throw new Error(`Routes without config.access: ${undeclared.join(', ')}`);
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    genReqId,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIdHeader(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerOriginCheck(app, deps.config.appUrl);
  await app.register(cookie);
  await registerCompression(app);

  app.decorateRequest('session', null);
  const bus = await openLiveBus(app, deps);
  const sessions: SessionLookupCache = new SessionCache(bus);
  const calendar = new CalendarCache(bus);
  const rateLimits = registerRateLimits(app, deps);
  const sessionFromApiToken = createApiTokenAuth({ db: deps.database.db, now: deps.now, limits: rateLimits });
  app.addHook('onRequest', async (req) => {
    if (!isApiPath(req.url)) return;
    // A request that carries an API token is that token, whatever cookies come with it (decision 040).
    const bearer = bearerOf(req);
    const token = bearer === null ? req.cookies[SESSION_COOKIE] : undefined;
    if (bearer !== null) req.session = await sessionFromApiToken(req, bearer);
    else if (token) req.session = await loadSession(deps.database.db, token, deps.now(), { cache: sessions });
    if (req.routeOptions.url === undefined) return; // no route: the not-found handler answers
    // Before the body is parsed or validated, so a caller without the right learns nothing about a route's
    // schema. Only the static files' wildcard has no level; under /api it is deny-by-default ('user').
    enforceAccess(req, (req.routeOptions.config as RouteFlags).access ?? 'user');
  });
  // Right after the access gate: a site whose trial ran out may read but not change its data (402).
  app.addHook('onRequest', subscriptionGate(deps));
  // Then a refusal by role that needs the named row or the approvers: still before the body (decision 105).
  app.addHook('onRequest', async (req) => (req.routeOptions.config as RouteFlags | undefined)?.guard?.(req));
  app.addHook('onSend', async (req, reply) => {
    // Before the reply leaves: whoever changed something must not meet a stale session or calendar on their
    // next request (other instances hear of it through the database's NOTIFY: decisions 048, 049).
    if (isChange(req.method)) {
      if (!keepsSessions(req.routeOptions.url)) sessions.clear();
      calendar.clear(req.session?.currentSiteId);
    }
    // A route that revalidates (the calendar read's ETag) sets its own.
    if (isApiPath(req.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    // Stopping: a request taken before the stop is answered, then its connection closes. Kept alive, it would
    // hold the stop open until the grace period ran out (the server only closes connections idle at the stop).
    if (deps.ops?.shuttingDown) reply.header('Connection', 'close');
  });
  registerSessionCookieRenewal(app, deps.now);
  await registerOpenApi(app, deps.config.appUrl);

  // Before the routes: what each route open to Staff answers them of colleagues (decision 106).
  registerStaffReplies(app, deps);
  const routeTable: App['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const access = (route.config as RouteFlags | undefined)?.access;
    reserveRouteWords(route.url);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, access });
  });

  registerHealthRoutes(app, deps);
  registerBackupRoute(app, deps);
  const metrics = deps.metrics ?? createMetrics(deps.database);
  registerMetrics(app, metrics, deps.config.metricsToken);
  registerAuthRoutes(app, deps);
  registerSiteTwoFactorRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerSiteRoutes(app, deps);
  registerBugReportRoutes(app, deps);
  registerEmployeeRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerCalendarReadRoutes(app, deps);
  registerCalendarBundleRoute(app, deps, calendar, metrics);
  registerExceptionReasonRoutes(app, deps);
  registerExceptionRoutes(app, deps);
  registerLeaveRequestRoutes(app, deps);
  registerBalanceRoutes(app, deps);
  registerCoverageRoutes(app, deps);
  registerForecastRoutes(app, deps);
  registerNoteRoutes(app, deps);
  registerDayChangeRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerDataMaintenanceRoutes(app, deps);
  registerHolidayRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerRecipientListRoutes(app, deps);
  registerSuperAdminRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerStripeWebhookRoute(app, deps);
  registerNotificationRoutes(app, deps);
  registerApiTokenRoutes(app, deps);
  registerFeedRoutes(app, deps);
  registerTransferRoutes(app, deps);
  await registerLive(app, deps, bus);
  // Checked once every plugin has registered its routes, so a route added anywhere is covered.
  app.addHook('onReady', async () => assertAccessDeclared(routeTable));

  const webDir = options.webDir;
  if (webDir && existsSync(path.join(webDir, 'index.html'))) {
    await registerWebAssets(app, webDir);
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || req.url.startsWith('/assets/') || req.method !== 'GET' || !webDir) {
      return reply.status(404).send({ message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
    }
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
