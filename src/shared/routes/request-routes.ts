import { ZIdParams } from '../contracts/common';
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
} from '../contracts/leave-requests';
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
} from '../contracts/balances';
import { routes } from './route-spec';

/** Time off that staff request and approvers decide (decisions 091, 092), and the allowance it takes (094, 095). */
export const requestRoutes = routes({
  'GET /api/leave-requests': { query: ZLeaveRequestQuery, reply: ZLeaveRequestList },
  'POST /api/leave-requests': { body: ZLeaveRequestCreate, reply: ZLeaveRequest },
  'GET /api/leave-requests/:id': { params: ZIdParams, reply: ZLeaveRequest },
  'GET /api/leave-requests/:id/impact': { params: ZIdParams, reply: ZLeaveImpact },
  'POST /api/leave-requests/:id/approve': { params: ZIdParams, body: ZLeaveApprove, reply: ZLeaveRequest },
  'POST /api/leave-requests/:id/decline': { params: ZIdParams, body: ZLeaveDecline, reply: ZLeaveRequest },
  'POST /api/leave-requests/:id/cancel': { params: ZIdParams, body: ZLeaveDecision, reply: ZLeaveRequest },
  'GET /api/leave-approvers': { reply: ZLeaveApprovers },
  'PUT /api/leave-approvers': { body: ZLeaveApprovers, reply: ZLeaveApprovers },
  // Allowances and balances (decisions 094, 095).
  'GET /api/allowance-policy': { reply: ZAllowancePolicyReply },
  'PUT /api/allowance-policy': { body: ZAllowancePolicy, reply: ZAllowancePolicyReply },
  'GET /api/employees/:id/balance-adjustments': { params: ZIdParams, reply: ZBalanceAdjustmentList },
  'POST /api/employees/:id/balance-adjustments': { params: ZIdParams, body: ZBalanceAdjustmentInput, reply: ZBalanceAdjustment },
  'GET /api/balances': { query: ZBalancesQuery, reply: ZBalances },
  'GET /api/balances/preview': { query: ZBalancePreviewQuery, reply: ZBalancePreview },
  'GET /api/export/balances.csv': { query: ZBalancesCsvQuery, file: true },
});
