import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEmployeeInput } from '../../../shared/contracts/employees';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, api, messageOf } from '../../lib/api';
import { useAfterListChange, useListQuery } from '../../lib/list-query';
import { employeesKey } from '../../lib/query-keys';
import { MESSAGES } from '../../lib/messages';

/** The server's own message for a refused request; the fallback otherwise (spec §8: reorder). */
export function serverMessageOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status < 500 && err.message ? err.message : fallback;
}

/** Spec §8's text, except the plan limit (403), which must say why and what to do (decision 026). */
function planLimitOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status === 403 && err.message ? err.message : fallback;
}

/** The employees of the current site, in display order; a failed load shows "Error loading employees". */
export const useEmployees = () => useListQuery('GET /api/employees', MESSAGES.lists.employees);

const useAfterChange = () => useAfterListChange(employeesKey[0]);

export function useCreateEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: TEmployeeInput) => api('POST /api/employees', { body }),
    onSuccess: async () => {
      toast({ title: MESSAGES.employee.created, variant: 'success' });
      await after();
    },
    onError: (err) => toastError(planLimitOr(err, MESSAGES.employee.createFailed)),
  });
}

export function useUpdateEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TEmployeeInput }) => api('PUT /api/employees/:id', { params: { id }, body }),
    onSuccess: async () => {
      toast({ title: MESSAGES.employee.updated, variant: 'success' });
      await after();
    },
    onError: () => toastError(MESSAGES.employee.updateFailed),
  });
}

export function useDeleteEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/employees/:id', { params: { id } }),
    onSuccess: async () => {
      toast({ title: MESSAGES.employee.deleted, variant: 'success' });
      await after();
    },
    onError: (err) => toastError(MESSAGES.employee.deleteFailed(messageOf(err, 'Unknown error'))),
  });
}

/** Moves one employee up or down; the reply is the reordered list, shown at once. */
export function useReorderEmployee() {
  const qc = useQueryClient();
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
      api('POST /api/employees/:id/reorder', { params: { id }, body: { direction } }),
    onSuccess: async (list) => {
      qc.setQueryData(employeesKey, list);
      await after();
    },
    onError: (err) => toastError(serverMessageOr(err, MESSAGES.employee.reorderFailed)),
  });
}
