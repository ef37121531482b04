import { and, eq } from 'drizzle-orm';
import { weekdayFields, type TEmployeeInput } from '../../../shared/contracts/employees';
import { NO_WEEK_HOURS, shownContract } from '../../../shared/domain/contracts';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employeeContracts } from '../../db/schema';
import { todayOf } from '../day-ledger';

/** An employee's weekly hours and efficiency as one contract version holds them (decision 076). */
export type HoursRow = Omit<TEmployeeInput, 'name' | 'teamId' | 'startDate' | 'confirmPast'>;
export type VersionRow = { id: number; validFrom: string | null } & HoursRow;

/** An employee's default hours: the first working weekday's hours, Monday first (0 when none). */
export const defaultHoursOf = (hours: HoursRow) => weekdayFields.map((f) => hours[f]).find((h) => h > 0) ?? 0;

export const hoursOf = (v: HoursRow): HoursRow => ({
  efficiency: v.efficiency,
  mondayHours: v.mondayHours,
  tuesdayHours: v.tuesdayHours,
  wednesdayHours: v.wednesdayHours,
  thursdayHours: v.thursdayHours,
  fridayHours: v.fridayHours,
  saturdayHours: v.saturdayHours,
  sundayHours: v.sundayHours,
});

export const NO_HOURS: HoursRow = NO_WEEK_HOURS;

const sameHours = (a: HoursRow, b: HoursRow) =>
  a.efficiency === b.efficiency && weekdayFields.every((f) => Math.round(a[f] * 10) === Math.round(b[f] * 10));

/**
 * Gives the employee `hours` from today on; answers whether anything changed. The caller refreshes the
 * recorded days (once, for a whole import).
 */
export async function setHoursFromToday(
  tx: Db,
  actor: Actor,
  id: number,
  versions: readonly VersionRow[],
  input: HoursRow,
  now: Date,
): Promise<boolean> {
  const today = todayOf(now);
  const shown = shownContract(versions, today);
  const hours = hoursOf(input);
  if (shown && sameHours(shown, hours)) return false;
  if (shown && shown.validFrom !== null && shown.validFrom >= today) {
    await tx
      .update(employeeContracts)
      .set({ ...hours, updatedAt: now })
      .where(and(eq(employeeContracts.id, shown.id), inSite(actor, employeeContracts.siteId)));
  } else {
    await tx
      .insert(employeeContracts)
      .values({ ...hours, siteId: actor.siteId, employeeId: id, validFrom: today, createdAt: now, updatedAt: now });
  }
  return true;
}

/** First versions of new employees, each from its start date (decision 107); the caller runs the change of history. */
export async function insertFirstVersions(
  tx: Db,
  actor: Actor,
  rows: ReadonlyArray<{ employeeId: number; startDate: string } & HoursRow>,
  now: Date,
) {
  if (rows.length === 0) return;
  await tx.insert(employeeContracts).values(
    rows.map((r) => ({
      ...hoursOf(r),
      employeeId: r.employeeId,
      siteId: actor.siteId,
      validFrom: r.startDate,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
