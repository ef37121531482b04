import { ZExceptionView } from '../../../shared/contracts/calendar';
import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { ZExceptionRequest, ZExceptionUpdateRequest } from '../../../shared/contracts/exceptions';
import { requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createException, deleteException, updateException } from './service';

export function registerExceptionRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const writer = { config: { access: 'writer' as const } };
  // 409 `coverage_shortfall` (decision 097): the change leaves the site short and came without `coverageConfirmation`.
  const guarded = { config: { access: 'writer' as const, refusals: [409] } };

  app.post(
    '/api/exceptions',
    { ...guarded, schema: { body: ZExceptionRequest, response: { 201: ZExceptionView } } },
    async (req, reply) => {
      const view = await createException(db, requireWriter(req), req.body, deps.now());
      return reply.status(201).send(view);
    },
  );

  const update = { ...guarded, schema: { params: ZIdParams, body: ZExceptionUpdateRequest, response: { 200: ZExceptionView } } };
  // One table of exceptions: /api/absences/{id} edits the same record (DOMAIN.md "Absences").
  for (const url of ['/api/exceptions/:id', '/api/absences/:id']) {
    app.put(url, update, async (req) => updateException(db, requireWriter(req), req.params.id, req.body, deps.now()));
  }

  app.delete('/api/exceptions/:id', { ...writer, schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (req) => {
    await deleteException(db, requireWriter(req), req.params.id, deps.now());
    return { message: 'Exception deleted' };
  });
}
