/**
 * Signing in and out, and what the signed-in shell is told about its session.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerAuthRoutes } from './routes';
export { describeSession } from './service';
