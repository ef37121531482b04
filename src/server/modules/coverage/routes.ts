import { ZCoverageRules, ZCoverageRulesInput, ZCoverageSuggest, ZCoverageSuggestQuery } from '../../../shared/contracts/coverage';
import { requireAdmin, requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { getCoverageRules, putCoverageRules } from './rules';
import { suggestCoverage } from './suggest';

/** Coverage (decision 096): the minimums are read by everyone signed in to the site, Staff too, and set by admins. */
export function registerCoverageRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/coverage-rules', { config: { access: 'staff' }, schema: { response: { 200: ZCoverageRules } } }, async (req) =>
    getCoverageRules(db, requireUser(req), deps.now()),
  );
  app.put(
    '/api/coverage-rules',
    { config: { access: 'admin' }, schema: { body: ZCoverageRulesInput, response: { 200: ZCoverageRules } } },
    async (req) => putCoverageRules(db, requireAdmin(req), req.body, deps.now()),
  );
  // The assistant (decision 097). Closed to Staff (decision 113): its answer is the site's hours, and a request is
  // never refused for the site's staffing, so Staff have nothing to move.
  app.get(
    '/api/coverage/suggest',
    { config: { access: 'user', refusals: [404] }, schema: { querystring: ZCoverageSuggestQuery, response: { 200: ZCoverageSuggest } } },
    async (req) => suggestCoverage(db, requireUser(req), req.query, deps.now()),
  );
}
