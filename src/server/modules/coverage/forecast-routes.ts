import { ZForecast, ZForecastQuery } from '../../../shared/contracts/coverage-forecast';
import { requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { getForecast } from './forecast';
import { capacityCsv } from './forecast-csv';

/**
 * The capacity forecast (decision 100): open to every user but Staff, like the reports. It shows every site the
 * user may use and the effect of other people's pending requests, which Staff are never shown (decision 092).
 */
export function registerForecastRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get(
    '/api/coverage/forecast',
    { config: { access: 'user' }, schema: { querystring: ZForecastQuery, response: { 200: ZForecast } } },
    async (req) => getForecast(db, requireUser(req), req.query, deps.now()),
  );
  app.get('/api/export/capacity.csv', { config: { access: 'user' }, schema: { querystring: ZForecastQuery } }, async (req, reply) => {
    const forecast = await getForecast(db, requireUser(req), req.query, deps.now());
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="capacity-${forecast.from}.csv"`)
      .send(capacityCsv(forecast));
  });
}
