import { ZReason } from '../../../shared/contracts/calendar';
import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { ZReasonInput, ZReasonList, ZReasonReorderRequest } from '../../../shared/contracts/reasons';
import { requireWriter } from '../../auth/access';
import { pathId } from '../../auth/path-id';
import type { RouteGuard } from '../../http/route-flags';
import type { App, AppDeps } from '../../http/types';
import { createReason, deleteReason, refuseBusinessWideToNonAdmin, reorderReason, updateReason } from './service';

/** Exception type writes. The list, GET /api/exception-reasons, is with the calendar reads. */
export function registerExceptionReasonRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const writer = { config: { access: 'writer' as const } };
  // A non-admin's 403 on a business-wide type, before the body is read (decision 105).
  const guard: RouteGuard = async (req) => {
    const id = pathId(req);
    if (id !== null) await refuseBusinessWideToNonAdmin(db, requireWriter(req), id);
  };
  const writerOfType = { config: { access: 'writer' as const, guard } };

  app.post('/api/exception-reasons', { ...writer, schema: { body: ZReasonInput, response: { 201: ZReason } } }, async (req, reply) => {
    const reason = await createReason(db, requireWriter(req), req.body);
    return reply.status(201).send(reason);
  });

  app.put(
    '/api/exception-reasons/:id',
    { ...writerOfType, schema: { params: ZIdParams, body: ZReasonInput, response: { 200: ZReason } } },
    async (req) => updateReason(db, requireWriter(req), req.params.id, req.body, deps.now()),
  );

  app.delete('/api/exception-reasons/:id', { ...writerOfType, schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (req) => {
    await deleteReason(db, requireWriter(req), req.params.id);
    return { message: 'Exception type deleted' };
  });

  app.post(
    '/api/exception-reasons/:id/reorder',
    { ...writerOfType, schema: { params: ZIdParams, body: ZReasonReorderRequest, response: { 200: ZReasonList } } },
    async (req) => reorderReason(db, requireWriter(req), req.params.id, req.body.direction),
  );
}
