import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toastError } from '../components/ui/toast';
import type { RouteReply } from '../../shared/routes/types';
import { api } from './api';
import { announceCalendarChange } from './calendar-events';

/** The list reads keyed by their path alone. */
type ListRoute = 'GET /api/employees' | 'GET /api/exception-reasons' | 'GET /api/teams';

/** A list read keyed by its path (the spec's default query), with the spec's load-failure toast. */
export function useListQuery<K extends ListRoute>(route: K, failureText: string) {
  const query = useQuery({ queryKey: [route.slice(4)], queryFn: () => api<ListRoute>(route) as Promise<RouteReply<K>> });
  const failed = query.isError;
  useEffect(() => {
    if (failed) toastError(failureText);
  }, [failed, failureText]);
  return query;
}

/** Spec §4/§7: after a change the list is refetched and the calendar is told to refresh. */
export function useAfterListChange(path: string) {
  const qc = useQueryClient();
  return async () => {
    announceCalendarChange();
    await qc.invalidateQueries({ queryKey: [path] });
  };
}
