import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { EngineContract, EngineEmployee } from '../../../shared/domain/availability';
import type { Db } from '../../db/client';
import { employeeContracts, employees } from '../../db/schema';

/** The columns of one contract version as the engine reads them. */
export const contractHoursColumns = {
  id: employeeContracts.id,
  validFrom: employeeContracts.validFrom,
  efficiency: employeeContracts.efficiency,
  mondayHours: employeeContracts.mondayHours,
  tuesdayHours: employeeContracts.tuesdayHours,
  wednesdayHours: employeeContracts.wednesdayHours,
  thursdayHours: employeeContracts.thursdayHours,
  fridayHours: employeeContracts.fridayHours,
  saturdayHours: employeeContracts.saturdayHours,
  sundayHours: employeeContracts.sundayHours,
};

export type StaffMember = EngineEmployee & { siteId: number; contracts: EngineContract[] };

/**
 * The staff of some sites with every contract version, in the calendar's order, for readers of many days
 * (reports, the day explanation, the employee list). `where` must filter `employees.site_id` by what the
 * caller may read; versions follow their employee.
 */
export async function loadStaff(db: Db, where: SQL | undefined): Promise<StaffMember[]> {
  const rows = await db
    .select({
      siteId: employees.siteId,
      employeeId: employees.id,
      name: employees.name,
      endDate: employees.endDate,
      contract: contractHoursColumns,
    })
    .from(employees)
    .innerJoin(employeeContracts, eq(employeeContracts.employeeId, employees.id))
    .where(where)
    .orderBy(asc(employees.sortOrder), asc(employees.id), sql`${employeeContracts.validFrom} asc nulls first`);
  const out: StaffMember[] = [];
  for (const r of rows) {
    let last = out[out.length - 1];
    if (!last || last.id !== r.employeeId) {
      last = { ...r.contract, id: r.employeeId, siteId: r.siteId, name: r.name, endDate: r.endDate, contracts: [] };
      out.push(last);
    }
    last.contracts.push(r.contract);
    // The flat fields say the latest version; the engine reads `contracts` when present.
    const { id: _id, validFrom: _from, ...hours } = r.contract;
    Object.assign(last, hours);
  }
  return out;
}
