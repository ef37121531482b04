import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from '../../../lib/session';
import { foreignLinkSite, NO_FILTER, parseCalendarFilter, writeCalendarFilter, type CalendarFilter } from './calendar-filter';

/**
 * The filter in the URL beside view and date, so reload, Back and a shared link keep it. Changes replace the
 * history entry: typing a name must not leave one Back step per letter. The URL names the site the filter was
 * made on; a link of another site applies nothing, and `foreignSite` says whose it is (decision 115).
 */
export function useCalendarFilter() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const siteId = me.data?.site.id;
  const key = params.toString();
  const foreignSite = useMemo(() => foreignLinkSite(new URLSearchParams(key), siteId), [key, siteId]);
  const filter = useMemo(() => (foreignSite !== null ? NO_FILTER : parseCalendarFilter(new URLSearchParams(key))), [key, foreignSite]);
  const setFilter = useCallback(
    (change: Partial<CalendarFilter>) => {
      // From the address bar, as useCalendarLocation does: the router's `prev` may lag behind a quick second change.
      const prev = new URLSearchParams(window.location.search);
      const current = foreignLinkSite(prev, siteId) !== null ? NO_FILTER : parseCalendarFilter(prev);
      setParams(writeCalendarFilter(prev, { ...current, ...change }, siteId), { replace: true });
    },
    [setParams, siteId],
  );
  /** Drops another site's filter from the URL. */
  const clearLink = useCallback(() => {
    setParams(writeCalendarFilter(new URLSearchParams(window.location.search), NO_FILTER), { replace: true });
  }, [setParams]);
  return { filter, setFilter, foreignSite, clearLink };
}
