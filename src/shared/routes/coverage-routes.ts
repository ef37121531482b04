import { ZCoverageRules, ZCoverageRulesInput, ZCoverageSuggest, ZCoverageSuggestQuery } from '../contracts/coverage';
import { ZForecast, ZForecastQuery } from '../contracts/coverage-forecast';
import { routes } from './route-spec';

/** Coverage (decision 096): minimum hours per site, the shortfall assistant and the capacity forecast. */
export const coverageRoutes = routes({
  'GET /api/coverage-rules': { reply: ZCoverageRules },
  'PUT /api/coverage-rules': { body: ZCoverageRulesInput, reply: ZCoverageRules },
  'GET /api/coverage/suggest': { query: ZCoverageSuggestQuery, reply: ZCoverageSuggest },
  'GET /api/coverage/forecast': { query: ZForecastQuery, reply: ZForecast },
  'GET /api/export/capacity.csv': { query: ZForecastQuery, file: true },
});
