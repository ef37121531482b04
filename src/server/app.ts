import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadSession, SESSION_COOKIE } from './auth/sessions';
import { registerErrorHandler } from './http/error-handler';
import type { App, AppDeps } from './http/types';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerBugReportRoutes } from './modules/bug-report/routes';
import { registerCalendarReadRoutes } from './modules/calendar/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerEmployeeRoutes } from './modules/employees/routes';
import { registerSiteRoutes } from './modules/sites/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served with an index.html fallback for client routes. */
  webDir?: string;
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
  });
  app.addHook('onSend', async (req, reply) => {
    if (isApiPath(req.url)) reply.header('Cache-Control', 'no-store');
  });

  registerAuthRoutes(app, deps);
  registerSiteRoutes(app, deps);
  registerBugReportRoutes(app, deps);
  registerEmployeeRoutes(app, deps);
  registerCalendarReadRoutes(app, deps);
  registerSettingsRoutes(app, deps);

  const webDir = options.webDir;
  if (webDir && existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: path.resolve(webDir), wildcard: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || req.method !== 'GET' || !webDir) {
      return reply.status(404).send({ message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
    }
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
