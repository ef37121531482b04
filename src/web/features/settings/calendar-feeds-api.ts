import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateFeedRequest, TFeedWithUrl } from '../../../shared/contracts/feeds';
import { toastError } from '../../components/ui/toast';
import { api, messageOf } from '../../lib/api';
import { employeesKey } from '../../lib/query-keys';

const feedsKey = ['/api/calendar-feeds'] as const;

export const useFeeds = () => useQuery({ queryKey: feedsKey, queryFn: () => api('GET /api/calendar-feeds') });
export const useFeedEmployees = (enabled: boolean) =>
  useQuery({ queryKey: employeesKey, queryFn: () => api('GET /api/employees'), enabled });

/** Create and renew answer the secret URL: the caller shows it once. */
export function useFeedMutation<T>(fn: (arg: T) => Promise<TFeedWithUrl>, failed: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: feedsKey }),
    onError: (err) => toastError(messageOf(err, failed)),
  });
}

export const createFeed = (body: TCreateFeedRequest) => api('POST /api/calendar-feeds', { body });
export const renewFeed = (id: number) => api('POST /api/calendar-feeds/:id/renew', { params: { id } });

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/calendar-feeds/:id', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: feedsKey }),
    onError: (err) => toastError(messageOf(err, 'Failed to revoke the feed')),
  });
}
