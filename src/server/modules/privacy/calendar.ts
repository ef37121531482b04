import type { TCalendarQuery } from '../../../shared/contracts/calendar-bundle';
import { decodeCalendar } from '../../../shared/contracts/calendar-decode';
import type { TCalendarWire } from '../../../shared/contracts/calendar-wire';
import { eachDay } from '../../../shared/domain/dates';
import { AWAY_REASON_ID, type StaffView } from '../../../shared/domain/staff-view';
import { hoursLessOne } from '../day-ledger';
import { isOwn, staffViewFrom } from './view';

/**
 * `GET /api/calendar` as Staff see it (decision 106), derived from the site's full reply (decision 077), so it is
 * the same snapshot and is cached beside it. Colleagues' employee rows lose their hours and efficiency; their
 * absences read "Away" (or a type the site shows), without notes or hours; their extra hours are left out. The
 * site's hours still show: `othersHours` gives, per window day, what everyone but the caller makes available
 * (the day ledger's `hoursLessOne`), and the calendar adds the caller's own, which it still
 * computes (so "Show pending as approved" moves it). The type list and settings say what was hidden by which rule.
 */

type EmployeeRow = TCalendarWire['employees'][number];
type ExceptionRow = TCalendarWire['exceptions'][number];

const NO_WEEK: EmployeeRow[4] = [0, 0, 0, 0, 0, 0, 0];

/** A colleague's row: name, order, team and end date; no hours, no efficiency, no contract history. */
const hiddenRow = ([id, name, , sortOrder, , endDate, , teamId]: EmployeeRow): EmployeeRow => [
  id,
  name,
  100,
  sortOrder,
  NO_WEEK,
  endDate,
  null,
  teamId,
];

function hiddenException(row: ExceptionRow, view: StaffView): ExceptionRow {
  const [id, employeeId, reasonId, start, end, isFullDay, , , version] = row;
  return [id, employeeId, view.shownTypes.has(reasonId) ? reasonId : AWAY_REASON_ID, start, end, isFullDay, null, null, version];
}

/** The site's hours each window day less the caller's own: the day ledger's figure, on the reply's own data. */
function othersHours(wire: TCalendarWire, q: Pick<TCalendarQuery, 'startDate' | 'endDate'>, own: number | null): number[] {
  const data = decodeCalendar(wire, q);
  return hoursLessOne(
    {
      days: eachDay(q.startDate, q.endDate),
      settings: { saturdayWorkday: data.settings.saturdayWorkday, sundayWorkday: data.settings.sundayWorkday },
      holidays: data.holidays,
      storedDays: data.dayChanges.map((c) => ({ date: c.date, currentHours: c.currentHours })),
      employees: data.employees,
      exceptions: data.exceptions,
    },
    own,
  );
}

/** The full reply's text as Staff see it; `own` is the caller's linked employee (null for none or a token). */
export function staffCalendarJson(fullJson: string, q: Pick<TCalendarQuery, 'startDate' | 'endDate'>, own: number | null): string {
  const wire = JSON.parse(fullJson) as TCalendarWire;
  const view = staffViewFrom(own, wire.settings.showAbsenceTypesToStaff === true, wire.reasons);
  const additive = new Set(wire.reasons.filter((r) => r.isAdditive).map((r) => r.id));
  const staff: TCalendarWire = {
    ...wire,
    employees: wire.employees.map((row) => (isOwn(view, row[0]) ? row : hiddenRow(row))),
    exceptions: wire.exceptions.flatMap((row) => {
      if (isOwn(view, row[1])) return [row];
      return additive.has(row[2]) ? [] : [hiddenException(row, view)];
    }),
    othersHours: othersHours(wire, q, own),
  };
  return JSON.stringify(staff);
}
