/** A business's sites. The front door (decision 109): other code imports this module only from here. */
export { registerSiteRoutes } from './routes';
