/** A site's users, their invitations and access. The front door (decision 109): other code imports this module only from here. */
export { registerUserRoutes } from './routes';
