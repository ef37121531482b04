/**
 * Leave allowances and balances, and the check that a request does not take a balance below zero.
 * The front door (decision 109): other code imports this module only from here.
 */
export { refuseBelowZero } from './request-guard';
export { registerBalanceRoutes } from './routes';
export { balancesOn } from './service';
