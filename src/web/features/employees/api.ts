import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEmployeeInput } from '../../../shared/contracts/employees';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, api, messageOf } from '../../lib/api';
import { useAfterListChange, useListQuery } from '../../lib/list-query';
import { employeesKey } from '../../lib/query-keys';
import { MESSAGES } from '../../lib/messages';
import { contractsKey, DAY_EXPLAIN_PATH } from './contract-keys';

/** The server's own message for a refused request; the fallback otherwise (spec §8: reorder). */
export function serverMessageOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status < 500 && err.message ? err.message : fallback;
}

/**
 * Spec §8's text, except a refusal that must say why and what to do: the plan limit (403, decision 026), a past
 * change by a non-administrator (403) or a start date the contracts leave no room for (400, decision 107).
 */
function refusalOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && (err.status === 403 || err.status === 400) && err.message ? err.message : fallback;
}

/** A change of past hours waiting for confirmation (409, decision 107): the dialog asks, so no toast. */
const awaitsConfirmation = (err: unknown) => err instanceof ApiError && err.status === 409;

/** The employees of the current site, in display order; a failed load shows "Error loading employees". */
export const useEmployees = () => useListQuery('GET /api/employees', MESSAGES.lists.employees);

/**
 * After a change of employees: the list and the calendar, and, since a start date or a deletion moves the hours of
 * the days it covers (decision 107), any open day explanation and contract history.
 */
function useAfterChange() {
  const qc = useQueryClient();
  const after = useAfterListChange(employeesKey[0]);
  return () =>
    Promise.all([
      after(),
      qc.invalidateQueries({ queryKey: [DAY_EXPLAIN_PATH] }),
      qc.invalidateQueries({ queryKey: [contractsKey(0)[0]] }),
    ]);
}

export function useCreateEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: TEmployeeInput) => api('POST /api/employees', { body }),
    onSuccess: async () => {
      toast({ title: MESSAGES.employee.created, variant: 'success' });
      await after();
    },
    onError: (err) => !awaitsConfirmation(err) && toastError(refusalOr(err, MESSAGES.employee.createFailed)),
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
    onError: (err) => !awaitsConfirmation(err) && toastError(refusalOr(err, MESSAGES.employee.updateFailed)),
  });
}

export function useDeleteEmployee() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, confirmPast = false }: { id: number; confirmPast?: boolean }) =>
      api('DELETE /api/employees/:id', { params: { id }, query: confirmPast ? { confirmPast: 'true' } : {} }),
    onSuccess: async () => {
      toast({ title: MESSAGES.employee.deleted, variant: 'success' });
      await after();
    },
    onError: (err) => !awaitsConfirmation(err) && toastError(MESSAGES.employee.deleteFailed(messageOf(err, 'Unknown error'))),
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
