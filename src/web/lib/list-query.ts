import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toastError } from '../components/ui/toast';
import { get } from './api';
import { announceCalendarChange } from './calendar-events';

/** A list read keyed by its path (the spec's default query), with the spec's load-failure toast. */
export function useListQuery<T>(path: string, failureText: string) {
  const query = useQuery({ queryKey: [path], queryFn: () => get<T[]>(path) });
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
