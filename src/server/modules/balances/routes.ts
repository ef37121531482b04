import {
  ZAllowancePolicy,
  ZAllowancePolicyReply,
  ZBalanceAdjustment,
  ZBalanceAdjustmentInput,
  ZBalanceAdjustmentList,
  ZBalancePreview,
  ZBalancePreviewQuery,
  ZBalances,
  ZBalancesCsvQuery,
  ZBalancesQuery,
} from '../../../shared/contracts/balances';
import { ZIdParams } from '../../../shared/contracts/common';
import { requireAdmin, requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createAdjustment, listAdjustments } from './adjustments';
import { balancesCsv } from './csv';
import { getPolicy, putPolicy } from './policy';
import { previewBalance } from './preview';
import { listBalances } from './service';

/**
 * Allowances and balances (decisions 094, 095). The policy is read by everyone but Staff and written by admins;
 * adjustments are admins'; balances and the preview of a request (decision 112) are open to Staff on purpose, who see
 * only their own linked employee's.
 */
export function registerBalanceRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/allowance-policy', { config: { access: 'user' }, schema: { response: { 200: ZAllowancePolicyReply } } }, async (req) =>
    getPolicy(db, requireUser(req)),
  );
  app.put(
    '/api/allowance-policy',
    { config: { access: 'admin' }, schema: { body: ZAllowancePolicy, response: { 200: ZAllowancePolicyReply } } },
    async (req) => putPolicy(db, requireAdmin(req), req.body, deps.now()),
  );

  app.get(
    '/api/employees/:id/balance-adjustments',
    { config: { access: 'admin' }, schema: { params: ZIdParams, response: { 200: ZBalanceAdjustmentList } } },
    async (req) => listAdjustments(db, requireAdmin(req), req.params.id),
  );
  // 409: the site has no policy; 400 also for a date before the policy's first leave year (decision 116).
  app.post(
    '/api/employees/:id/balance-adjustments',
    {
      config: { access: 'admin', refusals: [409] },
      schema: { params: ZIdParams, body: ZBalanceAdjustmentInput, response: { 201: ZBalanceAdjustment } },
    },
    async (req, reply) => reply.status(201).send(await createAdjustment(db, requireAdmin(req), req.params.id, req.body, deps.now())),
  );

  // 404: another site's (or, for Staff, another person's) employee; 409: the site has no policy yet.
  app.get(
    '/api/balances',
    { config: { access: 'staff', refusals: [404, 409] }, schema: { querystring: ZBalancesQuery, response: { 200: ZBalances } } },
    async (req) => listBalances(db, requireUser(req), req.query, deps.now()),
  );
  // What a request would leave once approved, by the engine itself (decision 112): Staff only for their own employee
  // (404 for anyone else, another site's employee, type or request); 409: no policy, or the request already decided.
  app.get(
    '/api/balances/preview',
    {
      config: { access: 'staff', refusals: [404, 409] },
      schema: { querystring: ZBalancePreviewQuery, response: { 200: ZBalancePreview } },
    },
    async (req) => previewBalance(db, requireUser(req), req.query, deps.now()),
  );
  app.get(
    '/api/export/balances.csv',
    { config: { access: 'user', refusals: [409] }, schema: { querystring: ZBalancesCsvQuery } },
    async (req, reply) => {
      const balances = await listBalances(db, requireUser(req), req.query, deps.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="balances-${balances.year}.csv"`)
        .send(balancesCsv(balances));
    },
  );
}
