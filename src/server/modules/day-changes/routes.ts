import { ZDayChange } from '../../../shared/contracts/calendar';
import { ZAuthoriseMultipleRequest, ZAuthoriseMultipleResponse, ZDayRequest } from '../../../shared/contracts/day-changes';
import { requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { authoriseDay, authoriseMultiple, markDay } from './service';

/** Day authorisation writes. The read, GET /api/day-changes, is with the other calendar reads. */
export function registerDayChangeRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const writer = { config: { access: 'writer' as const } };

  app.post('/api/day-changes/mark', { ...writer, schema: { body: ZDayRequest, response: { 200: ZDayChange } } }, async (req) =>
    markDay(db, requireWriter(req), req.body.date, deps.now()),
  );

  app.post('/api/day-changes/authorise', { ...writer, schema: { body: ZDayRequest, response: { 200: ZDayChange } } }, async (req) =>
    authoriseDay(db, requireWriter(req), req.body.date, deps.now()),
  );

  app.post(
    '/api/day-changes/authorise-multiple',
    { ...writer, schema: { body: ZAuthoriseMultipleRequest, response: { 200: ZAuthoriseMultipleResponse } } },
    async (req) => authoriseMultiple(db, requireWriter(req), req.body.dates, deps.now()),
  );
}
