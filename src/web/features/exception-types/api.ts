import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TReason } from '../../../shared/contracts/calendar';
import type { TReasonValues } from '../../../shared/contracts/reasons';
import { toast, toastError } from '../../components/ui/toast';
import { del, get, messageOf, post, put } from '../../lib/api';
import { announceCalendarChange } from '../../lib/calendar-events';

/** The same key the calendar reads exception types under, so both stay in step. */
export const reasonsKey = ['/api/exception-reasons'] as const;

/** The site's exception types (business-wide and site-only), in display order. */
export function useExceptionTypes() {
  const query = useQuery({ queryKey: reasonsKey, queryFn: () => get<TReason[]>('/api/exception-reasons') });
  const failed = query.isError;
  useEffect(() => {
    if (failed) toastError('Error loading exception types');
  }, [failed]);
  return query;
}

/** Spec §4/§7: after a change the list is refetched and the calendar is told to refresh. */
function useAfterChange() {
  const qc = useQueryClient();
  return async () => {
    announceCalendarChange();
    await qc.invalidateQueries({ queryKey: reasonsKey });
  };
}

/** Spec §8: "Failed to … exception type: {error}", the error being the server's message. */
const failed = (action: string) => (err: unknown) => toastError(`Failed to ${action} exception type: ${messageOf(err, 'Unknown error')}`);

export function useCreateExceptionType() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: TReasonValues) => post<TReason>('/api/exception-reasons', body),
    onSuccess: async () => {
      toast({ title: 'Exception type added', variant: 'success' });
      await after();
    },
    onError: failed('add'),
  });
}

export function useUpdateExceptionType() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TReasonValues }) => put<TReason>(`/api/exception-reasons/${id}`, body),
    onSuccess: async () => {
      toast({ title: 'Exception type updated', variant: 'success' });
      await after();
    },
    onError: failed('update'),
  });
}

export function useDeleteExceptionType() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/api/exception-reasons/${id}`),
    onSuccess: async () => {
      toast({ title: 'Exception type deleted', variant: 'success' });
      await after();
    },
    onError: failed('delete'),
  });
}

/** Moves one type up or down; the reply is the reordered list, shown at once. */
export function useReorderExceptionType() {
  const qc = useQueryClient();
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
      post<TReason[]>(`/api/exception-reasons/${id}/reorder`, { direction }),
    onSuccess: async (list) => {
      qc.setQueryData(reasonsKey, list);
      await after();
    },
    onError: failed('reorder'),
  });
}
