import type { App, AppDeps } from '../http/types';
import { registerRateLimitHeaders } from './headers';
import { createRateLimits, type RateLimits } from './limiters';

declare module 'fastify' {
  interface FastifyInstance {
    /** The request limiters (decision 071), shared through the database with every other instance. */
    rateLimits: RateLimits;
  }
}

/** Gives the app its limiters (`app.rateLimits`, also `req.server.rateLimits`) and their answer headers. */
export function registerRateLimits(app: App, deps: AppDeps): RateLimits {
  const limits = createRateLimits(deps.database, deps.now);
  app.decorate('rateLimits', limits);
  registerRateLimitHeaders(app);
  return limits;
}
