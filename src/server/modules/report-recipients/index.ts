/** Saved report recipients (decision 082). The front door (decision 109): other code imports this module only from here. */
export { registerRecipientListRoutes } from './routes';
export { recordLastUsed } from './service';
