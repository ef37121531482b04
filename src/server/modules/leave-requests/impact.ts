import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { TLeaveImpact } from '../../../shared/contracts/leave-requests';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, exceptionReasons, exceptions, leaveRequests } from '../../db/schema';
import { requiredHours } from '../../../shared/domain/coverage';
import { readCoverageRules } from '../coverage';
import { readDays, spanDays } from '../day-ledger';
import { hoursIfApproved } from './hours';
import { oneRequest } from './views';

/**
 * What an approver weighs before deciding (decision 092): each requested day's available hours now and if approved,
 * and who else is away that day: approved exceptions of types that take hours, and other pending requests
 * (marked). Not Staff's to read (decision 113): the site's hours are the approvers' to weigh.
 */
export async function requestImpact(db: Db, actor: Actor, id: number): Promise<TLeaveImpact> {
  const { row: r, isAdditive } = await oneRequest(db, actor, id);
  const counted = r.status === 'approved' && r.exceptionId !== null;
  const days = spanDays(r);
  const hours = counted ? null : await hoursIfApproved(db, actor.siteId, r, isAdditive);
  const now = hours?.now ?? (await readDays(db, actor.siteId, days));
  const window = { from: r.startDate, to: r.endDate };
  const [absent, pending, rules] = await Promise.all([
    db
      .select({
        employeeName: employees.name,
        reasonId: exceptionReasons.id,
        reasonName: exceptionReasons.name,
        startDate: exceptions.startDate,
        endDate: exceptions.endDate,
      })
      .from(exceptions)
      .innerJoin(employees, eq(employees.id, exceptions.employeeId))
      .innerJoin(exceptionReasons, eq(exceptionReasons.id, exceptions.reasonId))
      .where(
        and(
          inSite(actor, exceptions.siteId),
          ne(exceptions.employeeId, r.employeeId),
          eq(exceptionReasons.isAdditive, false),
          lte(exceptions.startDate, window.to),
          gte(exceptions.endDate, window.from),
        ),
      )
      .orderBy(employees.sortOrder, employees.name),
    db
      .select({
        employeeName: employees.name,
        reasonId: exceptionReasons.id,
        reasonName: exceptionReasons.name,
        startDate: leaveRequests.startDate,
        endDate: leaveRequests.endDate,
      })
      .from(leaveRequests)
      .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
      .innerJoin(exceptionReasons, eq(exceptionReasons.id, leaveRequests.reasonId))
      .where(
        and(
          inSite(actor, leaveRequests.siteId),
          ne(leaveRequests.id, r.id),
          inArray(leaveRequests.status, ['pending']),
          lte(leaveRequests.startDate, window.to),
          gte(leaveRequests.endDate, window.from),
        ),
      )
      .orderBy(employees.sortOrder, employees.name),
    readCoverageRules(db, actor.siteId, window),
  ]);
  const on = (date: string) => (s: { startDate: string; endDate: string }) => s.startDate <= date && date <= s.endDate;
  return {
    requestId: r.id,
    days: days.map((date) => ({
      date,
      availableNow: now.get(date)?.computedHours ?? 0,
      availableIfApproved: (hours ? hours.approved : now).get(date)?.computedHours ?? 0,
      away: [
        ...absent
          .filter(on(date))
          .map((a) => ({ employeeName: a.employeeName, reasonId: a.reasonId, reasonName: a.reasonName, pending: false })),
        ...pending
          .filter(on(date))
          .map((p) => ({ employeeName: p.employeeName, reasonId: p.reasonId, reasonName: p.reasonName, pending: true })),
      ],
      minimumHours: requiredHours(rules, date, now.get(date)?.isPublicHoliday ?? false),
    })),
  };
}
