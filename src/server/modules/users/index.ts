/** A site's users, their invitations and access. The front door (decision 109): other code imports this module only from here. */
export { registerUserRoutes } from './routes';
/** The role ladder and the one-admin rule, which the admin portal applies too (decision 116). */
export { roleFlags } from './roles';
export { assertSiteKeepsAnAdmin, managesSite } from './keeps-an-admin';
