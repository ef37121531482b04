/**
 * Time-off requests: asking, deciding, cancelling, their mails and pages.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerLeaveRequestRoutes } from './routes';
export { listRequests } from './views';
export { requestsWaitingFor } from './waiting';
