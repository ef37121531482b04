/** API tokens (decision 040). The front door (decision 109): other code imports this module only from here. */
export { registerApiTokenRoutes } from './routes';
