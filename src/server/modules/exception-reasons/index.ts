/**
 * Exception types (decision 009), and which of them a site sees.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerExceptionReasonRoutes } from './routes';
export { createReason } from './service';
export { reasonsVisibleTo, reasonsVisibleToBoundActor } from './visible';
