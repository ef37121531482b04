import { leaveRequestMessages } from '../../../shared/contracts/leave-requests';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { isApprover } from '../leave-approvers';

/*
 * The refusals of time-off requests by role (decision 092), each stated once: the service applies them to the
 * locked request, and the route guards (guards.ts) apply them before the body is read (decision 105).
 */

/** A request is always for the caller's own linked employee. */
export function assertLinked(actor: Pick<Actor, 'employeeId'>): number {
  if (actor.employeeId === null) throw new AppError('FORBIDDEN', leaveRequestMessages.notLinked);
  return actor.employeeId;
}

/** Approvers decide, never on their own request. `requesterUserId` is undefined when no request is known yet. */
export async function assertDecider(db: Db, actor: Actor, requesterUserId: number | null | undefined): Promise<void> {
  if (requesterUserId === actor.userId) throw new AppError('FORBIDDEN', leaveRequestMessages.ownRequest);
  if (!(await isApprover(db, actor))) throw new AppError('FORBIDDEN', leaveRequestMessages.notApprover);
}

/** A read-only user (Staff too) cancels only what they asked for; managers cancel any. */
export function assertOwnIfReadOnly(actor: Pick<Actor, 'isReadOnly' | 'userId'>, request: { requesterUserId: number | null }): void {
  if (actor.isReadOnly && request.requesterUserId !== actor.userId) throw new AppError('FORBIDDEN', leaveRequestMessages.notYours);
}
