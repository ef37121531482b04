import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { balanceMessages, type TBalanceRow, type TBalances, type TBalancesQuery } from '../../../shared/contracts/balances';
import { computeBalance, leaveYear, leaveYearOf, type BalanceException, type BalanceRow } from '../../../shared/domain/balances';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import {
  balanceAdjustments,
  employeeContracts,
  employees,
  exceptionReasons,
  exceptions,
  leaveRequests,
  publicHolidays,
  siteSettings,
} from '../../db/schema';
import { contractHoursColumns, todayOf } from '../day-ledger';
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
 * The balance engine's input for these employees from `from` to `to` (decision 095): the site's weekend flags and
 * holidays, and per employee the contract versions, the absences of counting types (approved), the pending
 * requests of counting types (with their `requestId`) and the adjustments. Read by the balances and the preview.
 */
export async function readBalanceInputs(db: Db, actor: BalanceReader, ids: number[], from: string, to: string) {
  const counting = and(eq(exceptionReasons.countsAgainstAllowance, true), eq(exceptionReasons.isAdditive, false));
  const [settings, contracts, absences, requests, holidays, adjustments] = await Promise.all([
    db
      .select({ saturdayWorkday: siteSettings.saturdayWorkday, sundayWorkday: siteSettings.sundayWorkday })
      .from(siteSettings)
      .where(inSite(actor, siteSettings.siteId)),
    db
      .select({ employeeId: employeeContracts.employeeId, ...contractHoursColumns })
      .from(employeeContracts)
      .where(and(inSite(actor, employeeContracts.siteId), inArray(employeeContracts.employeeId, ids)))
      .orderBy(asc(employeeContracts.employeeId), sql`${employeeContracts.validFrom} asc nulls first`),
    db
      .select({
        employeeId: exceptions.employeeId,
        startDate: exceptions.startDate,
        endDate: exceptions.endDate,
        isFullDay: exceptions.isFullDay,
        hours: exceptions.hours,
      })
      .from(exceptions)
      .innerJoin(exceptionReasons, eq(exceptionReasons.id, exceptions.reasonId))
      .where(
        and(
          inSite(actor, exceptions.siteId),
          inArray(exceptions.employeeId, ids),
          counting,
          lte(exceptions.startDate, to),
          gte(exceptions.endDate, from),
        ),
      ),
    db
      .select({
        requestId: leaveRequests.id,
        employeeId: leaveRequests.employeeId,
        startDate: leaveRequests.startDate,
        endDate: leaveRequests.endDate,
        isFullDay: leaveRequests.isFullDay,
        hours: leaveRequests.hours,
      })
      .from(leaveRequests)
      .innerJoin(exceptionReasons, eq(exceptionReasons.id, leaveRequests.reasonId))
      .where(
        and(
          inSite(actor, leaveRequests.siteId),
          inArray(leaveRequests.employeeId, ids),
          eq(leaveRequests.status, 'pending'),
          counting,
          lte(leaveRequests.startDate, to),
          gte(leaveRequests.endDate, from),
        ),
      ),
    db
      .select({ date: publicHolidays.date })
      .from(publicHolidays)
      .where(and(inSite(actor, publicHolidays.siteId), gte(publicHolidays.date, from), lte(publicHolidays.date, to))),
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
  return {
    settings: { saturdayWorkday: settings[0]?.saturdayWorkday ?? false, sundayWorkday: settings[0]?.sundayWorkday ?? false },
    holidays: [...new Set(holidays.map((h) => h.date))],
    contractsOf: groupBy(contracts),
    exceptionsOf: groupBy([
      ...absences.map((a) => ({ ...a, requestId: null, countsAgainstAllowance: true, status: 'approved' as const })),
      ...requests.map((r) => ({ ...r, countsAgainstAllowance: true, status: 'pending' as const })),
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
