import { apiTokenMessages, ZApiTokenCreated, ZApiTokenList, ZApiTokenRequest } from '../../../shared/contracts/api-tokens';
import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { requireAdmin } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

/** Settings → API Tokens. Admins of the current site only, and only from a signed-in browser (a token cannot mint tokens). */
export function registerApiTokenRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const admin = { config: { access: 'admin' as const } };

  app.get('/api/api-tokens', { ...admin, schema: { response: { 200: ZApiTokenList } } }, async (req) =>
    listApiTokens(db, requireAdmin(req)),
  );

  app.post('/api/api-tokens', { ...admin, schema: { body: ZApiTokenRequest, response: { 201: ZApiTokenCreated } } }, async (req, reply) => {
    const created = await createApiToken(db, requireAdmin(req), req.body, deps.now());
    return reply.status(201).send(created);
  });

  // Cutting a tool off is a security step: it works even while an expired trial refuses other changes.
  app.delete(
    '/api/api-tokens/:id',
    { config: { access: 'admin', billingExempt: true }, schema: { params: ZIdParams, response: { 200: ZMessage } } },
    async (req) => {
      await revokeApiToken(db, requireAdmin(req), req.params.id, deps.now());
      return { message: apiTokenMessages.revoked };
    },
  );
}
