import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { balanceMessages, type TBalanceRow, type TBalances, type TBalancesQuery } from '../../../shared/contracts/balances';
import { computeBalance, leaveYear, leaveYearOf, type BalanceException, type BalanceRow } from '../../../shared/domain/balances';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { contractsOf, type EngineException } from '../../../shared/domain/availability';
import { balanceAdjustments, employees } from '../../db/schema';
import { exceptionsOf, readOneSite, todayOf } from '../day-ledger';
import { readPolicy, toEnginePolicy } from './policy';

/**
 * Balances are computed on every read from the facts Hoursight keeps (decision 095): the employees' contract
 * versions and dates, the absences of counting types (approved), pending requests of counting types
 * (pending), the site's holidays and weekend flags, and the adjustments. Nothing is stored, so a corrected
 * contract or absence moves the balance at once.
 */

/** The engine follows carry-over from the policy's first leave year; it reads at most this many years back. */
export const MAX_YEARS = 100;

export const tooFar = (first: number) => `The leave year must be between ${first} (the policy's first) and ${first + MAX_YEARS}`;

/** Whom the caller may see: Staff only their own linked employee (none linked: nobody); others anyone of the site. */
export async function whichEmployees(db: Db, actor: BalanceReader, employeeId: number | undefined) {
  if (actor.isStaff) {
    if (actor.employeeId === null) {
      if (employeeId !== undefined) found(undefined, 'Employee');
      return [];
    }
    if (employeeId !== undefined && employeeId !== actor.employeeId) found(undefined, 'Employee');
    employeeId = actor.employeeId;
  }
  const rows = await db
    .select({ id: employees.id, name: employees.name, startDate: employees.startDate, endDate: employees.endDate })
    .from(employees)
    .where(and(inSite(actor, employees.siteId), employeeId === undefined ? undefined : eq(employees.id, employeeId)))
    .orderBy(asc(employees.sortOrder), asc(employees.id));
  if (employeeId !== undefined) found(rows[0], 'Employee');
  return rows;
}

const groupBy = <T extends { employeeId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) map.set(r.employeeId, [...(map.get(r.employeeId) ?? []), r]);
  return map;
};

function toRow(employee: { id: number; name: string }, b: BalanceRow): TBalanceRow {
  return {
    employeeId: employee.id,
    employeeName: employee.name,
    entitlement: b.entitlementHours,
    accrued: b.accruedHours,
    carriedOver: b.carriedOverHours,
    carryOverExpiresOn: b.carryOverExpiresOn,
    expired: b.expiredHours,
    taken: b.takenHours,
    booked: b.bookedHours,
    pending: b.pendingHours,
    adjustments: b.adjustmentHours,
    remaining: b.remainingHours,
    days: b.days
      ? {
          dayHours: b.days.dayHours,
          entitlement: b.days.entitlement,
          accrued: b.days.accrued,
          carriedOver: b.days.carriedOver,
          expired: b.days.expired,
          taken: b.days.taken,
          booked: b.days.booked,
          pending: b.days.pending,
          adjustments: b.days.adjustments,
          remaining: b.days.remaining,
        }
      : null,
  };
}

/** Who reads: a signed-in user, or a report reading one site of its scope (never as Staff). */
export type BalanceReader = Pick<Actor, 'siteId' | 'isStaff' | 'employeeId'>;

/**
 * The site's balances in the leave year `date` falls in, for a report: null when the site has no policy, no rows
 * when that year is out of the policy's reach.
 */
export async function balancesOn(db: Db, reader: BalanceReader, date: string, now: Date): Promise<TBalances | null> {
  const policy = await readPolicy(db, reader);
  if (!policy) return null;
  const year = leaveYearOf(date, policy.yearStartMonth);
  if (year < policy.firstLeaveYear || year > policy.firstLeaveYear + MAX_YEARS) {
    // A leave year before year 1 or after 9998 has no yyyy-MM-dd bounds to show (leaveYear throws): refused, as a read is.
    if (year < 1 || year > 9998) throw new AppError('BAD_REQUEST', tooFar(policy.firstLeaveYear));
    const ly = leaveYear(year, policy.yearStartMonth);
    return { year, yearStart: ly.start, yearEnd: ly.end, unit: policy.unit, rows: [] };
  }
  return listBalances(db, reader, { year }, now);
}

/**
 * The balance engine's input for these employees from `from` to `to` (decisions 095, 110): the day ledger's facts
 * of the site (weekend flags, holidays, each employee's contract versions and end date, the absences and pending
 * requests with their types), of which absences and requests count when their type counts against the allowance
 * and is not additive; pending requests keep their `requestId`. The adjustments are the balances' own. Read by
 * the balances and the preview.
 */
export async function readBalanceInputs(db: Db, actor: BalanceReader, ids: number[], from: string, to: string) {
  const [facts, adjustments] = await Promise.all([
    readOneSite(db, actor.siteId, from, to, { detail: true, pending: true, employeeIds: ids }),
    db
      .select({
        employeeId: balanceAdjustments.employeeId,
        date: balanceAdjustments.date,
        hours: balanceAdjustments.hours,
        reason: balanceAdjustments.reason,
      })
      .from(balanceAdjustments)
      .where(and(inSite(actor, balanceAdjustments.siteId), inArray(balanceAdjustments.employeeId, ids), lte(balanceAdjustments.date, to))),
  ]);
  const wanted = new Set(ids);
  const counts = (x: EngineException) => !x.isAdditive && facts.details.get(x.id)?.countsAgainstAllowance === true;
  const asBalance = (x: EngineException) => ({
    employeeId: x.employeeId,
    startDate: x.startDate,
    endDate: x.endDate,
    isFullDay: x.isFullDay,
    hours: x.hours,
    countsAgainstAllowance: true,
  });
  return {
    settings: facts.settings,
    holidays: [...new Set(facts.holidays.map((h) => h.date))],
    contractsOf: new Map(facts.employees.filter((e) => wanted.has(e.id)).map((e) => [e.id, contractsOf(e)])),
    exceptionsOf: groupBy([
      ...exceptionsOf(facts)
        .filter(counts)
        .map((x) => ({ ...asBalance(x), requestId: null, status: 'approved' as const })),
      ...exceptionsOf(facts, facts.pending)
        .filter(counts)
        .map((x) => ({ ...asBalance(x), requestId: -x.id, status: 'pending' as const })),
    ]),
    adjustmentsOf: groupBy(adjustments),
  };
}

export async function listBalances(db: Db, actor: BalanceReader, query: TBalancesQuery, now: Date): Promise<TBalances> {
  const policy = await readPolicy(db, actor);
  if (!policy) throw new AppError('CONFLICT', balanceMessages.noPolicy);
  const today = todayOf(now);
  const year = query.year ?? leaveYearOf(today, policy.yearStartMonth);
  if (year < policy.firstLeaveYear || year > policy.firstLeaveYear + MAX_YEARS)
    throw new AppError('BAD_REQUEST', tooFar(policy.firstLeaveYear));
  const ly = leaveYear(year, policy.yearStartMonth);
  const people = await whichEmployees(db, actor, query.employeeId);
  const base = { year, yearStart: ly.start, yearEnd: ly.end, unit: policy.unit };
  if (people.length === 0) return { ...base, rows: [] };

  // Everything from the policy's first leave year on: the carry is followed from there.
  const from = leaveYear(policy.firstLeaveYear, policy.yearStartMonth).start;
  const inputs = await readBalanceInputs(
    db,
    actor,
    people.map((p) => p.id),
    from,
    ly.end,
  );
  const enginePolicy = toEnginePolicy(policy);
  return {
    ...base,
    rows: people.map((p) =>
      toRow(
        p,
        computeBalance({
          policy: enginePolicy,
          settings: inputs.settings,
          employee: { startDate: p.startDate, endDate: p.endDate, contracts: inputs.contractsOf.get(p.id) ?? [] },
          exceptions: (inputs.exceptionsOf.get(p.id) ?? []) satisfies BalanceException[],
          holidays: inputs.holidays,
          adjustments: inputs.adjustmentsOf.get(p.id) ?? [],
          year,
          today,
        }),
      ),
    ),
  };
}
