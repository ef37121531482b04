/**
 * The platform portal (decision 021): its accounts, sessions and routes.
 * The front door (decision 109): other code imports this module only from here.
 */
export { createDemoSuperAdmin, createSuperAdmin, superAdminExists } from './account';
export { registerSuperAdminRoutes } from './plugin';
export { purgeExpiredSuperAdminSessions } from './sessions';
