import { employeeContracts } from '../../db/schema';

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
