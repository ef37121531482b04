import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { dataRoutes } from './data-routes';
import { requestRoutes } from './request-routes';
import { coverageRoutes } from './coverage-routes';
import { ledgerRoutes } from './ledger-routes';

/**
 * Every operation of the API by `METHOD /path` (decision 070). The web app imports only its type (no
 * schema reaches a bundle through it); an integration test proves each entry describes exactly what the
 * server route declares, and that no route is missing.
 */
export const apiRoutes = { ...accountRoutes, ...dataRoutes, ...adminRoutes, ...requestRoutes, ...coverageRoutes, ...ledgerRoutes };
export type ApiRoutes = typeof apiRoutes;
export type { RouteSpec } from './route-spec';
