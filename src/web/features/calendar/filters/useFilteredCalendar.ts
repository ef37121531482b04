import { useMemo } from 'react';
import type { TExceptionView, TReason } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import type { TCalendarTeam } from '../../../../shared/contracts/teams';
import { applyCalendarFilter, knownCalendarFilter } from './calendar-filter';
import { useCalendarFilter } from './useCalendarFilter';

interface Lists {
  employees?: readonly TEmployee[];
  exceptions?: readonly TExceptionView[];
  teams?: readonly TCalendarTeam[];
  reasons?: readonly TReason[];
}

const NONE: readonly never[] = [];

/**
 * The URL's filter applied to the calendar's lists over the shown days: what the views list (pills, employees)
 * and the bar's props. Unfiltered, the lists are passed through as they are, so nothing downstream recomputes.
 */
export function useFilteredCalendar(data: Lists, days: readonly string[]) {
  const { filter: asked, setFilter, foreignSite, clearLink } = useCalendarFilter();
  const { employees = NONE, exceptions = NONE, teams, reasons } = data;
  const filter = useMemo(() => knownCalendarFilter(asked, teams, reasons), [asked, teams, reasons]);
  const startDate = days[0];
  const endDate = days[days.length - 1];
  const result = useMemo(
    () => applyCalendarFilter({ employees, exceptions }, filter, { startDate, endDate }),
    [employees, exceptions, filter, startDate, endDate],
  );
  return {
    filter,
    setFilter,
    active: result.active,
    /** undefined while unfiltered: the views read the full lists themselves. */
    employees: result.active ? result.employees : undefined,
    exceptions: result.active ? result.exceptions : undefined,
    bar: {
      filter,
      onChange: setFilter,
      teams: teams ?? NONE,
      reasons: reasons ?? NONE,
      shown: result.employees.length,
      total: employees.length,
      foreignSite,
      onClearLink: clearLink,
    },
  };
}
