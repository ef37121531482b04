/**
 * "This takes N hours" before a request is sent: the shared engine over the employee's own contract, the
 * site's weekend settings and public holidays (the data the calendar already holds), then the same rule the
 * server's `totalHours` uses (shared/domain/leave-hours.ts). Pure.
 */
import { computeAvailability, type EngineHoliday, type EngineSettings, type EngineStaff } from '../../../shared/domain/availability';
import { eachDay } from '../../../shared/domain/dates';
import { leaveHoursTaken, type LeaveSpan } from '../../../shared/domain/leave-hours';

export interface RequestHoursInput {
  employee: EngineStaff;
  settings: EngineSettings;
  holidays: readonly EngineHoliday[];
  span: Omit<LeaveSpan, 'employeeId'>;
  isAdditive: boolean;
}

export function requestHours({ employee, settings, holidays, span, isAdditive }: RequestHoursInput): number {
  const days = eachDay(span.startDate, span.endDate);
  // Other people's hours and the employee's other exceptions do not change what this request takes.
  const availability = computeAvailability({ days, settings, employees: [employee], exceptions: [], holidays });
  return leaveHoursTaken({ ...span, employeeId: employee.id }, isAdditive, availability);
}
