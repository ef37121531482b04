import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../shared/errors';
import { messages } from './auth/access';
import { loadSession, SESSION_COOKIE } from './auth/sessions';
import { registerErrorHandler } from './http/error-handler';
import type { App, AppDeps } from './http/types';
import { registerAccountRoutes } from './modules/accounts/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerBugReportRoutes } from './modules/bug-report/routes';
import { registerCalendarReadRoutes } from './modules/calendar/routes';
import { registerDayChangeRoutes } from './modules/day-changes/routes';
import { registerExceptionReasonRoutes } from './modules/exception-reasons/routes';
import { registerExceptionRoutes } from './modules/exceptions/routes';
import { registerNoteRoutes } from './modules/notes/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerEmployeeRoutes } from './modules/employees/routes';
import { registerSiteRoutes } from './modules/sites/routes';
import { registerUserRoutes } from './modules/users/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served with an index.html fallback for client routes. */
  webDir?: string;
}

/** `/api/` routes reachable without a session set `config: { public: true }`; `/auth/` routes are all public. */
export interface RouteFlags {
  public?: boolean;
  /**
   * The access level a route declares: public (no session), user (signed in), writer (signed in, not
   * read-only), admin (site admin). The one onRequest hook enforces it before validation.
   */
  access?: AccessLevel;
}

export type AccessLevel = 'public' | 'user' | 'writer' | 'admin';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the flags into every route's config
  interface FastifyContextConfig extends RouteFlags {}
  interface FastifyInstance {
    /** Every route registered, so tests can prove each one is covered by the tenancy probe. */
    routeTable: Array<{ method: string; url: string }>;
  }
}

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/auth/');

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 256 * 1024, trustProxy: true }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(cookie);

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    if (!isApiPath(req.url)) return;
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.session = await loadSession(deps.database.db, token, deps.now());
    // Deny by default, before the body is validated: a signed-out caller learns nothing about a route's schema.
    const matched = req.routeOptions.url !== undefined;
    if (matched && req.url.startsWith('/api/') && !req.session && !(req.routeOptions.config as RouteFlags).public) {
      throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    }
  });
  app.addHook('onSend', async (req, reply) => {
    if (isApiPath(req.url)) reply.header('Cache-Control', 'no-store');
  });

  const routeTable: App['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });

  registerAuthRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerSiteRoutes(app, deps);
  registerBugReportRoutes(app, deps);
  registerEmployeeRoutes(app, deps);
  registerCalendarReadRoutes(app, deps);
  registerExceptionReasonRoutes(app, deps);
  registerExceptionRoutes(app, deps);
  registerNoteRoutes(app, deps);
  registerDayChangeRoutes(app, deps);
  registerSettingsRoutes(app, deps);

  const webDir = options.webDir;
  if (webDir && existsSync(path.join(webDir, 'index.html'))) {
    // Wildcard serving looks files up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: path.resolve(webDir), wildcard: true });
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || req.url.startsWith('/assets/') || req.method !== 'GET' || !webDir) {
      return reply.status(404).send({ message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
    }
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
