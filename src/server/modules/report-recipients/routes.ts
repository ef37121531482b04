import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { recipientListMessages, ZRecipientList, ZRecipientListRequest, ZRecipientLists } from '../../../shared/contracts/report-recipients';
import { requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createRecipientList, deleteRecipientList, listRecipientLists, updateRecipientList } from './service';

/**
 * The Reports screen's saved recipient lists (decision 082). A list is the signed-in user's own address
 * book for sending reports, which read-only users and expired trials may still do, so both may keep theirs.
 */
export function registerRecipientListRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const config = { access: 'user' as const, billingExempt: true };

  app.get('/api/report-recipient-lists', { config, schema: { response: { 200: ZRecipientLists } } }, async (req) =>
    listRecipientLists(db, requireUser(req)),
  );

  app.post(
    '/api/report-recipient-lists',
    { config, schema: { body: ZRecipientListRequest, response: { 201: ZRecipientList } } },
    async (req, reply) => reply.status(201).send(await createRecipientList(db, requireUser(req), req.body, deps.now())),
  );

  app.put(
    '/api/report-recipient-lists/:id',
    { config, schema: { params: ZIdParams, body: ZRecipientListRequest, response: { 200: ZRecipientList } } },
    async (req) => updateRecipientList(db, requireUser(req), req.params.id, req.body, deps.now()),
  );

  app.delete('/api/report-recipient-lists/:id', { config, schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (req) => {
    await deleteRecipientList(db, requireUser(req), req.params.id);
    return { message: recipientListMessages.deleted };
  });
}
