import { ZIdParams } from '../contracts/common';
import {
  ZLeaveApprovers,
  ZLeaveDecision,
  ZLeaveDecline,
  ZLeaveImpact,
  ZLeaveRequest,
  ZLeaveRequestCreate,
  ZLeaveRequestList,
  ZLeaveRequestQuery,
} from '../contracts/leave-requests';
import { routes } from './route-spec';

/** Time off that staff request and approvers decide (decisions 091, 092). */
export const requestRoutes = routes({
  'GET /api/leave-requests': { query: ZLeaveRequestQuery, reply: ZLeaveRequestList },
  'POST /api/leave-requests': { body: ZLeaveRequestCreate, reply: ZLeaveRequest },
  'GET /api/leave-requests/:id': { params: ZIdParams, reply: ZLeaveRequest },
  'GET /api/leave-requests/:id/impact': { params: ZIdParams, reply: ZLeaveImpact },
  'POST /api/leave-requests/:id/approve': { params: ZIdParams, body: ZLeaveDecision, reply: ZLeaveRequest },
  'POST /api/leave-requests/:id/decline': { params: ZIdParams, body: ZLeaveDecline, reply: ZLeaveRequest },
  'POST /api/leave-requests/:id/cancel': { params: ZIdParams, body: ZLeaveDecision, reply: ZLeaveRequest },
  'GET /api/leave-approvers': { reply: ZLeaveApprovers },
  'PUT /api/leave-approvers': { body: ZLeaveApprovers, reply: ZLeaveApprovers },
});
