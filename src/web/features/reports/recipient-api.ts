import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRecipientListRequestIn } from '../../../shared/contracts/report-recipients';
import { toast } from '../../components/ui/toast';
import { api, messageOf } from '../../lib/api';
import { recipientMsg } from './messages';

/** The signed-in user's saved recipients on the current site; a site switch resets it with the rest. */
export const recipientListsKey = ['/api/report-recipient-lists'] as const;

export function useRecipientLists() {
  return useQuery({ queryKey: recipientListsKey, queryFn: () => api('GET /api/report-recipient-lists') });
}

function useListMutation<V>(work: (v: V) => Promise<unknown>, done: (v: V) => string, failedTitle: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: work,
    onSuccess: async (_res, v) => {
      toast({ title: done(v), variant: 'success', duration: 3000 });
      await qc.invalidateQueries({ queryKey: recipientListsKey });
    },
    onError: (err) => toast({ title: failedTitle, description: messageOf(err, recipientMsg.tryAgain), variant: 'destructive' }),
  });
}

export const useCreateRecipientList = () =>
  useListMutation(
    (body: TRecipientListRequestIn) => api('POST /api/report-recipient-lists', { body }),
    (v) => recipientMsg.saved(v.name.trim()),
    recipientMsg.saveFailed,
  );

export const useUpdateRecipientList = () =>
  useListMutation(
    ({ id, body }: { id: number; body: TRecipientListRequestIn }) => api('PUT /api/report-recipient-lists/:id', { params: { id }, body }),
    (v) => recipientMsg.updated(v.body.name.trim()),
    recipientMsg.updateFailed,
  );

export const useDeleteRecipientList = () =>
  useListMutation(
    ({ id }: { id: number; name: string }) => api('DELETE /api/report-recipient-lists/:id', { params: { id } }),
    (v) => recipientMsg.deleted(v.name),
    recipientMsg.deleteFailed,
  );
