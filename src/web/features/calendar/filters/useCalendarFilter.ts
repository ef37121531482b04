import { useCallback, useEffect, useMemo, useRef } from 'react';
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
  // A switch from the header leaves the filter of the site just left in the URL: that is this user's own filter,
  // not a shared link, and its team and names mean nothing on the new site, so it goes rather than being reported.
  const lastSite = useRef(siteId);
  useEffect(() => {
    const left = lastSite.current;
    lastSite.current = siteId;
    if (left === undefined || siteId === undefined || left === siteId) return;
    if (foreignLinkSite(new URLSearchParams(window.location.search), siteId) === left) clearLink();
  }, [siteId, clearLink]);
  return { filter, setFilter, foreignSite, clearLink };
}
