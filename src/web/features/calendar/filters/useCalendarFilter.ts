import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseCalendarFilter, writeCalendarFilter, type CalendarFilter } from './calendar-filter';

/**
 * The filter in the URL beside view and date, so reload, Back and a shared link keep it. Changes replace the
 * history entry: typing a name must not leave one Back step per letter.
 */
export function useCalendarFilter() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filter = useMemo(() => parseCalendarFilter(new URLSearchParams(key)), [key]);
  const setFilter = useCallback(
    (change: Partial<CalendarFilter>) => {
      // From the address bar, as useCalendarLocation does: the router's `prev` may lag behind a quick second change.
      const prev = new URLSearchParams(window.location.search);
      setParams(writeCalendarFilter(prev, { ...parseCalendarFilter(prev), ...change }), { replace: true });
    },
    [setParams],
  );
  return { filter, setFilter };
}
