import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEmployee } from '../../../shared/contracts/employees';
import type { TCreateFeedRequest, TFeed, TFeedWithUrl } from '../../../shared/contracts/feeds';
import { toastError } from '../../components/ui/toast';
import { del, get, messageOf, post } from '../../lib/api';
import { employeesKey } from '../../lib/query-keys';

const feedsKey = ['/api/calendar-feeds'] as const;

export const useFeeds = () => useQuery({ queryKey: feedsKey, queryFn: () => get<TFeed[]>(feedsKey[0]) });
export const useFeedEmployees = (enabled: boolean) => useQuery({ queryKey: employeesKey, queryFn: () => get<TEmployee[]>(employeesKey[0]), enabled });

/** Create and renew answer the secret URL: the caller shows it once. */
export function useFeedMutation<T>(fn: (arg: T) => Promise<TFeedWithUrl>, failed: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: feedsKey }), onError: (err) => toastError(messageOf(err, failed)) });
}

export const createFeed = (body: TCreateFeedRequest) => post<TFeedWithUrl>(feedsKey[0], body);
export const renewFeed = (id: number) => post<TFeedWithUrl>(`${feedsKey[0]}/${id}/renew`);

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`${feedsKey[0]}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: feedsKey }),
    onError: (err) => toastError(messageOf(err, 'Failed to revoke the feed')),
  });
}
