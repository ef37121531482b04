import {
  ZLeaveApprove,
  ZLeaveApprovers,
  ZLeaveDecision,
  ZLeaveDecline,
  ZLeaveImpact,
  ZLeaveRequest,
  ZLeaveRequestCreate,
  ZLeaveRequestList,
  ZLeaveRequestQuery,
} from '../../../shared/contracts/leave-requests';
import { ZIdParams } from '../../../shared/contracts/common';
import { requireAdmin, requireUser } from '../../auth/access';
import type { FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../../http/types';
import { signingSecret } from '../../mail/link-secret';
import { getApprovers, setApprovers } from '../leave-approvers';
import { requestImpact } from './impact';
import { leaveRequestGuards } from './guards';
import { registerDecisionPages } from './pages';
import { approveRequest, cancelRequest, createRequest, declineRequest, type RequestContext } from './service';
import { listRequests, viewOf } from './views';

/**
 * Time-off requests (decision 092). Asking, reading and cancelling are open to Staff (decision 091): a request is
 * always the caller's own. Deciding is for those who may change data (decision 105). Each change's refusal by role
 * (not linked, not an approver, one's own request, another's request) is its guard's, before the body is read;
 * API tokens read requests but change none (api-tokens.ts).
 */
export function registerLeaveRequestRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  registerDecisionPages(app, deps);
  const staff = { config: { access: 'staff' as const } };
  const guards = leaveRequestGuards(db);
  const deciding = { config: { access: 'writer' as const, refusals: [409], guard: guards.decide } };

  const context = async (req: FastifyRequest): Promise<RequestContext> => ({
    now: deps.now(),
    mail: { mailer: deps.mailer, appUrl: deps.config.appUrl, secret: await signingSecret(db, deps.config.secret), requestId: req.id },
  });

  app.get(
    '/api/leave-requests',
    { ...staff, schema: { querystring: ZLeaveRequestQuery, response: { 200: ZLeaveRequestList } } },
    async (req) => listRequests(db, requireUser(req), req.query, deps.now()),
  );
  app.post(
    '/api/leave-requests',
    // 404: the type is not one of the site's (checked as a manager's exception is); 400 also when it is not
    // requestable (decision 113). A shortfall is never a refusal here: the approver weighs it.
    {
      config: { access: 'staff', refusals: [404, 409], guard: guards.ask },
      schema: { body: ZLeaveRequestCreate, response: { 201: ZLeaveRequest } },
    },
    async (req, reply) => reply.status(201).send(await createRequest(db, requireUser(req), req.body, await context(req))),
  );
  app.get('/api/leave-requests/:id', { ...staff, schema: { params: ZIdParams, response: { 200: ZLeaveRequest } } }, async (req) =>
    viewOf(db, requireUser(req), req.params.id, deps.now()),
  );
  // The site's hours on each day and who else is away: what an approver weighs. Not Staff's (decision 113).
  app.get(
    '/api/leave-requests/:id/impact',
    { config: { access: 'user' }, schema: { params: ZIdParams, response: { 200: ZLeaveImpact } } },
    async (req) => requestImpact(db, requireUser(req), req.params.id),
  );
  app.post(
    '/api/leave-requests/:id/approve',
    // 409: decided already, or (decision 097) the approval leaves the site short without `coverageConfirmation`.
    { ...deciding, schema: { params: ZIdParams, body: ZLeaveApprove, response: { 200: ZLeaveRequest } } },
    async (req) =>
      approveRequest(db, requireUser(req), req.params.id, req.body.comment || null, await context(req), req.body.coverageConfirmation),
  );
  app.post(
    '/api/leave-requests/:id/decline',
    { ...deciding, schema: { params: ZIdParams, body: ZLeaveDecline, response: { 200: ZLeaveRequest } } },
    async (req) => declineRequest(db, requireUser(req), req.params.id, req.body.comment, await context(req)),
  );
  app.post(
    '/api/leave-requests/:id/cancel',
    {
      config: { access: 'staff', refusals: [409], guard: guards.cancel },
      schema: { params: ZIdParams, body: ZLeaveDecision, response: { 200: ZLeaveRequest } },
    },
    async (req) => cancelRequest(db, requireUser(req), req.params.id, req.body.comment || null, await context(req)),
  );

  app.get('/api/leave-approvers', { config: { access: 'admin' }, schema: { response: { 200: ZLeaveApprovers } } }, async (req) =>
    getApprovers(db, requireAdmin(req)),
  );
  app.put(
    '/api/leave-approvers',
    { config: { access: 'admin' }, schema: { body: ZLeaveApprovers, response: { 200: ZLeaveApprovers } } },
    async (req) => setApprovers(db, requireAdmin(req), req.body),
  );
}
