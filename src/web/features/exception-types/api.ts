import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReasonValues } from '../../../shared/contracts/reasons';
import { toast, toastError } from '../../components/ui/toast';
import { api, messageOf } from '../../lib/api';
import { useAfterListChange, useListQuery } from '../../lib/list-query';

/** The same key the calendar reads exception types under, so both stay in step. */
import { reasonsKey } from '../../lib/query-keys';
import { MESSAGES } from '../../lib/messages';

/** The site's exception types (business-wide and site-only), in display order. */
export const useExceptionTypes = () => useListQuery('GET /api/exception-reasons', MESSAGES.lists.exceptionTypes);

const useAfterChange = () => useAfterListChange(reasonsKey[0]);

/** Spec §8: "Failed to … exception type: {error}", the error being the server's message. */
const failed = (action: 'add' | 'update' | 'delete' | 'reorder') => (err: unknown) =>
  toastError(MESSAGES.exceptionType.failed(action, messageOf(err, 'Unknown error')));

export function useCreateExceptionType() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: TReasonValues) => api('POST /api/exception-reasons', { body }),
    onSuccess: async () => {
      toast({ title: MESSAGES.exceptionType.added, variant: 'success' });
      await after();
    },
    onError: failed('add'),
  });
}

export function useUpdateExceptionType() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TReasonValues }) => api('PUT /api/exception-reasons/:id', { params: { id }, body }),
    onSuccess: async () => {
      toast({ title: MESSAGES.exceptionType.updated, variant: 'success' });
      await after();
    },
    onError: failed('update'),
  });
}

export function useDeleteExceptionType() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/exception-reasons/:id', { params: { id } }),
    onSuccess: async () => {
      toast({ title: MESSAGES.exceptionType.deleted, variant: 'success' });
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
      api('POST /api/exception-reasons/:id/reorder', { params: { id }, body: { direction } }),
    onSuccess: async (list) => {
      qc.setQueryData(reasonsKey, list);
      await after();
    },
    onError: failed('reorder'),
  });
}
