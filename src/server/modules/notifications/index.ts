/**
 * Saved notifications: digests, their sending and their one-click turn-off links.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerNotificationRoutes } from './routes';
export { DIGEST_JOB, runDueDigests } from './sender';
