import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSavedNotification, TSaveNotificationRequest } from '../../../../shared/contracts/notifications';
import { toast, toastError } from '../../../components/ui/toast';
import { api, messageOf } from '../../../lib/api';
import { sitesKey } from '../../../lib/query-keys';

export const notificationsKey = ['/api/saved-notifications'] as const;

export const useSavedNotifications = () => useQuery({ queryKey: notificationsKey, queryFn: () => api('GET /api/saved-notifications') });

/** The sites the user may pick for "selected sites". */
export const usePermittedSites = () => useQuery({ queryKey: sitesKey, queryFn: () => api('GET /api/sites') });

/** Spec §8 names the failures (saving, updating, deleting a notification, test e-mail) but not their wording. */
const failed = (what: string) => (err: unknown) => toastError(`Failed to ${what}: ${messageOf(err, 'Unknown error')}`);

function useRefetch() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: notificationsKey });
}

export function useSaveNotification() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TSaveNotificationRequest }) =>
      id === null ? api('POST /api/saved-notifications', { body }) : api('PUT /api/saved-notifications/:id', { params: { id }, body }),
    onSuccess: async (_n, { id }) => {
      toast({ title: id === null ? 'Notification created' : 'Notification updated', variant: 'success' });
      await refetch();
    },
    onError: (err, { id }) => failed(id === null ? 'save notification' : 'update notification')(err),
  });
}

export function useToggleNotification() {
  const qc = useQueryClient();
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api('PATCH /api/saved-notifications/:id/toggle', { params: { id }, body: { enabled } }),
    // The switch moves at once; a failure puts it back with the refetch.
    onMutate: ({ id, enabled }) => {
      qc.setQueryData<TSavedNotification[]>(notificationsKey, (list) => list?.map((n) => (n.id === id ? { ...n, enabled } : n)));
    },
    onError: failed('update notification'),
    onSettled: refetch,
  });
}

export function useDeleteNotification() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/saved-notifications/:id', { params: { id } }),
    onSuccess: async () => {
      toast({ title: 'Notification deleted', variant: 'success' });
      await refetch();
    },
    onError: failed('delete notification'),
  });
}

export function useTestEmail() {
  return useMutation({
    mutationFn: (email: string) => api('POST /api/test-email', { body: { email } }),
    onSuccess: (res) => toast({ title: 'Test email sent', description: res.message, variant: 'success' }),
    onError: failed('send test email'),
  });
}
