import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEmployee, TEmployeeInput } from '../../../shared/contracts/employees';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, del, post, put } from '../../lib/api';
import { useAfterListChange, useListQuery } from '../../lib/list-query';

export const employeesKey = ['/api/employees'] as const;

/** The server's own message for a refused request (e.g. the plan limit); the fallback otherwise. */
export function serverMessageOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status < 500 && err.message ? err.message : fallback;
}

/** The employees of the current site, in display order; a failed load shows "Error loading employees". */
export const useEmployees = () => useListQuery<TEmployee>(employeesKey[0], 'Error loading employees');

const useAfterChange = () => useAfterListChange(employeesKey[0]);

export function useCreateEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: TEmployeeInput) => post<TEmployee>('/api/employees', body),
    onSuccess: async () => {
      toast({ title: 'Employee created', variant: 'success' });
      await after();
    },
    onError: (err) => toastError(serverMessageOr(err, 'Failed to create employee. Please try again.')),
  });
}

export function useUpdateEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TEmployeeInput }) => put<TEmployee>(`/api/employees/${id}`, body),
    onSuccess: async () => {
      toast({ title: 'Employee updated', variant: 'success' });
      await after();
    },
    onError: (err) => toastError(serverMessageOr(err, 'Failed to update employee. Please try again.')),
  });
}

export function useDeleteEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/api/employees/${id}`),
    onSuccess: async () => {
      toast({ title: 'Employee deleted', variant: 'success' });
      await after();
    },
    onError: (err) => toastError(`Failed to delete employee: ${err instanceof Error && err.message ? err.message : 'Unknown error'}`),
  });
}

/** Moves one employee up or down; the reply is the reordered list, shown at once. */
export function useReorderEmployee() {
  const qc = useQueryClient();
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
      post<TEmployee[]>(`/api/employees/${id}/reorder`, { direction }),
    onSuccess: async (list) => {
      qc.setQueryData(employeesKey, list);
      await after();
    },
    onError: (err) => toastError(serverMessageOr(err, 'Failed to reorder employee')),
  });
}
