import { and, eq } from 'drizzle-orm';
import {
  contractMessages,
  type TContractInput,
  type TContractList,
  type TEndDateInput,
} from '../../../shared/contracts/employee-contracts';
import { shownContract, validTo } from '../../../shared/domain/contracts';
import { addDaysStr } from '../../../shared/domain/dates';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employeeContracts, employees } from '../../db/schema';
import { todayOf } from '../day-ledger';
import { changeFrom, earlier } from './past-change';
import { ownedEmployee } from './service';
import { followFirstVersion } from './start-date';

/**
 * Contract versions (decision 076). Every change goes through the day ledger's `changeHistory` (./past-change.ts):
 * a change reaching days before today is for administrators only and, when it alters any past day's hours, must be
 * confirmed with the count of those days (409 until `confirmPast`). Past days keep their authorisation and
 * the hours that were authorised; recorded days from today on are refreshed. The start date follows the first
 * version (decision 107).
 */

type Version = Awaited<ReturnType<typeof ownedEmployee>>['versions'][number];

export async function listContracts(db: Db, actor: Actor, employeeId: number, now: Date): Promise<TContractList> {
  const { row, versions } = await ownedEmployee(db, actor, employeeId);
  const shown = shownContract(versions, todayOf(now));
  return {
    employeeId,
    endDate: row.endDate,
    contracts: versions.map((v, i) => ({ ...v, employeeId, validTo: validTo(versions, i, row.endDate), current: v.id === shown?.id })),
  };
}

function checkStart(versions: readonly Version[], validFrom: string | null, except?: number) {
  const others = versions.filter((v) => v.id !== except);
  if (others.some((v) => v.validFrom === validFrom))
    throw new AppError('BAD_REQUEST', contractMessages.sameDate(validFrom ?? 'from the beginning'));
  // A version from the beginning of time must be the earliest: only one may have no start.
  if (validFrom === null && others.some((v) => v.validFrom === null)) throw new AppError('BAD_REQUEST', contractMessages.onlyFirstOpen);
}

const hoursOf = ({ validFrom: _from, confirmPast: _confirm, ...hours }: TContractInput) => hours;

export async function addContract(db: Db, actor: Actor, employeeId: number, input: TContractInput, now: Date): Promise<TContractList> {
  await db.transaction(async (tx) => {
    const { versions } = await ownedEmployee(tx, actor, employeeId);
    checkStart(versions, input.validFrom);
    await changeFrom(tx, actor, now, input.validFrom, input.confirmPast, async () => {
      await tx
        .insert(employeeContracts)
        .values({ ...hoursOf(input), validFrom: input.validFrom, siteId: actor.siteId, employeeId, createdAt: now, updatedAt: now });
      await followFirstVersion(tx, actor, employeeId, versions[0]?.validFrom ?? null, now);
    });
  });
  return listContracts(db, actor, employeeId, now);
}

function ownedVersion(versions: readonly Version[], contractId: number): Version {
  const v = versions.find((x) => x.id === contractId);
  if (!v) throw new AppError('NOT_FOUND', contractMessages.notFound);
  return v;
}

export async function updateContract(
  db: Db,
  actor: Actor,
  employeeId: number,
  contractId: number,
  input: TContractInput,
  now: Date,
): Promise<TContractList> {
  await db.transaction(async (tx) => {
    const { versions } = await ownedEmployee(tx, actor, employeeId);
    const old = ownedVersion(versions, contractId);
    checkStart(versions, input.validFrom, contractId);
    await changeFrom(tx, actor, now, earlier(old.validFrom, input.validFrom), input.confirmPast, async () => {
      await tx
        .update(employeeContracts)
        .set({ ...hoursOf(input), validFrom: input.validFrom, updatedAt: now })
        .where(and(eq(employeeContracts.id, contractId), inSite(actor, employeeContracts.siteId)));
      await followFirstVersion(tx, actor, employeeId, versions[0].validFrom, now);
    });
  });
  return listContracts(db, actor, employeeId, now);
}

export async function deleteContract(
  db: Db,
  actor: Actor,
  employeeId: number,
  contractId: number,
  confirmPast: boolean,
  now: Date,
): Promise<TContractList> {
  await db.transaction(async (tx) => {
    const { versions } = await ownedEmployee(tx, actor, employeeId);
    const old = ownedVersion(versions, contractId);
    if (versions.length === 1) throw new AppError('BAD_REQUEST', contractMessages.onlyOne);
    await changeFrom(tx, actor, now, old.validFrom, confirmPast, async () => {
      await tx.delete(employeeContracts).where(and(eq(employeeContracts.id, contractId), inSite(actor, employeeContracts.siteId)));
      await followFirstVersion(tx, actor, employeeId, versions[0].validFrom, now);
    });
  });
  return listContracts(db, actor, employeeId, now);
}

/** The day after the earlier of two end dates: the first day whose hours an end-date change can move. */
function endChangeStart(a: string | null, b: string | null): string | null | undefined {
  if (a === b) return undefined;
  const first = a === null ? b : b === null ? a : a < b ? a : b;
  return first === null ? undefined : addDaysStr(first, 1);
}

export async function setEndDate(db: Db, actor: Actor, employeeId: number, input: TEndDateInput, now: Date): Promise<TContractList> {
  await db.transaction(async (tx) => {
    const { row, versions } = await ownedEmployee(tx, actor, employeeId);
    const first = versions[0]?.validFrom;
    if (input.endDate !== null && first && input.endDate < first) throw new AppError('BAD_REQUEST', contractMessages.endBeforeStart);
    const from = endChangeStart(row.endDate, input.endDate);
    if (from === undefined) return;
    await changeFrom(tx, actor, now, from, input.confirmPast, async () => {
      await tx
        .update(employees)
        .set({ endDate: input.endDate, updatedAt: now })
        .where(and(eq(employees.id, employeeId), inSite(actor, employees.siteId)));
    });
  });
  return listContracts(db, actor, employeeId, now);
}
