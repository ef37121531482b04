import { z } from 'zod';
import { ZDay, zText } from './common';
import { ZCoverageConfirmation, ZShortfallDay } from './coverage';
import { exceptionMessages, ZExceptionFields } from './exceptions';

/**
 * Time off that staff request and approvers decide (decision 092). A request is for the requester's own linked
 * employee (decision 091); approving it creates the exception through the day ledger in the same transaction.
 */

export const LEAVE_NOTE_MAX = 2000;
export const LEAVE_COMMENT_MAX = 1000;
/** A request may span at most this many days: longer leave is a manager's entry, not a request. */
export const MAX_REQUEST_DAYS = 366;

export const leaveRequestMessages = {
  notLinked: 'Your account is not linked to an employee of this site. Ask an admin to link it in User Management.',
  notFound: 'Request not found',
  overlap: (start: string, end: string) => `You already have a request from ${start} to ${end} that overlaps these dates`,
  past: 'Requests must start today or later. Ask a manager to record past time off.',
  tooLong: `A request may span at most ${MAX_REQUEST_DAYS} days`,
  notRequestable: (type: string) => `${type} cannot be requested as time off. Choose another type, or ask a manager to record it.`,
  commentRequired: 'A comment is required when declining',
  ownRequest: 'You cannot approve or decline your own request',
  notApprover: 'Only the approvers of this site can decide requests',
  notPending: 'This request has already been decided',
  alreadyApprovedByYou: 'You have already approved this request; it needs a second approver',
  cannotCancel: 'Only a pending request, or an approved one that has not started, can be cancelled',
  notYours: 'Only the person who made a request can cancel it',
  changed: 'This request changed since the link was sent. Open Hoursight to see it.',
  linkInvalid: 'This link is not valid or has expired.',
  linkUsed: 'This link has already been used.',
} as const;

export const ZLeaveRequestStatus = z.enum(['pending', 'approved', 'declined', 'cancelled'], {
  message: 'Status must be pending, approved, declined or cancelled',
});
export type TLeaveRequestStatus = z.infer<typeof ZLeaveRequestStatus>;

/** POST /api/leave-requests: always for the signed-in user's own linked employee. */
export const ZLeaveRequestCreate = z
  .object({
    // The same fields, rules and messages as a manager's exception: one definition of each.
    ...ZExceptionFields.pick({ reasonId: true, startDate: true, endDate: true, isFullDay: true, hours: true }).shape,
    note: zText({ field: 'Note', message: 'Note must be text', multiline: true })
      .max(LEAVE_NOTE_MAX, `Note must be ${LEAVE_NOTE_MAX.toLocaleString('en')} characters or fewer`)
      .nullable()
      .optional(),
    /**
     * Accepted and ignored (decision 113): a request that would leave the site short is accepted as pending without
     * one, and the approver gives the reason when approving. Kept so clients of decision 097 still work.
     */
    coverageConfirmation: ZCoverageConfirmation.optional(),
  })
  .refine((v) => v.endDate >= v.startDate, { message: exceptionMessages.endBeforeStart, path: ['endDate'] })
  .refine((v) => v.isFullDay || v.hours !== null, { message: exceptionMessages.hoursRequired, path: ['hours'] });
export type TLeaveRequestCreate = z.input<typeof ZLeaveRequestCreate>;

/** GET /api/leave-requests: `mine=true` narrows to the signed-in user's own requests. */
export const ZLeaveRequestQuery = z
  .object({
    status: ZLeaveRequestStatus.optional(),
    mine: z
      .enum(['true', 'false'], { message: 'mine must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
    /** A window (both days inclusive): requests overlapping it, e.g. the pending ones of a calendar month. */
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, { message: 'to cannot be before from', path: ['to'] });

/** POST …/approve and …/cancel: an optional comment; …/decline: a required one. */
export const ZLeaveDecision = z.object({
  comment: zText({ field: 'Comment', message: 'Comment must be text', multiline: true })
    .trim()
    .max(LEAVE_COMMENT_MAX, `Comment must be ${LEAVE_COMMENT_MAX.toLocaleString('en')} characters or fewer`)
    .optional(),
});
/** POST …/approve: an approval that leaves the site short needs `coverageConfirmation` (decision 097). */
export const ZLeaveApprove = ZLeaveDecision.extend({ coverageConfirmation: ZCoverageConfirmation.optional() });
export const ZLeaveDecline = z.object({
  comment: zText({ field: 'Comment', message: leaveRequestMessages.commentRequired, multiline: true })
    .trim()
    .min(1, leaveRequestMessages.commentRequired)
    .max(LEAVE_COMMENT_MAX, `Comment must be ${LEAVE_COMMENT_MAX.toLocaleString('en')} characters or fewer`),
});

/** One day of a decision's record: the site's available hours on it just before and just after. */
export const ZLeaveDayHours = z.object({ date: z.string(), before: z.number(), after: z.number() });

export const ZLeaveRequestEvent = z.object({
  at: z.string(),
  actorName: z.string(),
  /** `cancellation-declined`: an approver kept an approved request its requester asked to cancel. */
  action: z.enum(['requested', 'approved', 'first-approval', 'declined', 'cancelled', 'cancellation-requested', 'cancellation-declined']),
  comment: z.string().nullable(),
  /**
   * Each day's site available hours just before and just after the step. A step that changes no hours (asking,
   * declining, a first approval, asking to cancel) records what the decision would do; a pending request
   * cancelled records the same hours twice. Empty for Staff, who never read the site's hours (decision 113).
   */
  days: z.array(ZLeaveDayHours),
});
export type TLeaveRequestEvent = z.infer<typeof ZLeaveRequestEvent>;

export const ZLeaveRequest = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeName: z.string(),
  requesterUserId: z.number().nullable(),
  requesterName: z.string(),
  reasonId: z.number(),
  reasonName: z.string(),
  reasonColor: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isFullDay: z.boolean(),
  hours: z.number().nullable(),
  /** The working hours it takes from the employee over its days (their contract on each date). */
  totalHours: z.number(),
  note: z.string().nullable(),
  status: ZLeaveRequestStatus,
  /** 1, or 2 when its exception type needs two approvals. */
  approvalsNeeded: z.number(),
  approvalsGiven: z.number(),
  /** An approved request whose requester asked to cancel it: approvers decide the cancellation. */
  cancellationPending: z.boolean(),
  /** The exception an approval created, while it stands. */
  exceptionId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the signed-in user may approve or decline it now. */
  canDecide: z.boolean(),
  /** Whether the signed-in user may cancel it now. */
  canCancel: z.boolean(),
  /**
   * A pending request's days that approving it would leave short of the site's minimum, weighed now (decision 113):
   * the approver's warning. Always empty for Staff, and for a request that is not pending.
   */
  shortfalls: z.array(ZShortfallDay),
  history: z.array(ZLeaveRequestEvent),
});
export type TLeaveRequest = z.infer<typeof ZLeaveRequest>;
export const ZLeaveRequestList = z.array(ZLeaveRequest);

/** GET /api/leave-requests/{id}/impact: each requested day as the approver should see it before deciding. */
export const ZLeaveImpactDay = z.object({
  date: z.string(),
  availableNow: z.number(),
  availableIfApproved: z.number(),
  /** Who else is away that day (approved exceptions and other pending requests, marked). */
  away: z.array(z.object({ employeeName: z.string(), reasonName: z.string(), pending: z.boolean() })),
  /** The site's minimum for the day (decision 096); null when the day has none. */
  minimumHours: z.number().nullable(),
});
export const ZLeaveImpact = z.object({ requestId: z.number(), days: z.array(ZLeaveImpactDay) });
export type TLeaveImpact = z.infer<typeof ZLeaveImpact>;

/** GET/PUT /api/leave-approvers: the site's approvers (admins when none are named). */
export const ZLeaveApprovers = z.object({
  /** Users named as approvers; empty means every admin of the site approves. */
  userIds: z.array(z.number().int().positive()).max(100, 'At most 100 approvers'),
});
export type TLeaveApprovers = z.infer<typeof ZLeaveApprovers>;
