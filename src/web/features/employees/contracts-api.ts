import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TContractInput, TContractList } from '../../../shared/contracts/employee-contracts';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { announceCalendarChange } from '../../lib/calendar-events';
import { employeesKey } from '../../lib/query-keys';
import { contractsKey, DAY_EXPLAIN_PATH } from './contract-keys';

export { contractsKey, DAY_EXPLAIN_PATH };

export function useContracts(employeeId: number | null) {
  return useQuery({
    queryKey: contractsKey(employeeId ?? 0),
    queryFn: () => api('GET /api/employees/:id/contracts', { params: { id: employeeId ?? 0 } }),
    enabled: employeeId !== null,
  });
}

/** A change that reaches past days, refused until the user confirms (409 `PAST_CHANGE`). */
export const isPastChangeRefusal = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409;
/** A past change by someone who is not an administrator (403): the server's message says why. */
export const isAdminOnlyRefusal = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 403;

export type ContractChange =
  | { kind: 'add'; body: TContractInput }
  | { kind: 'edit'; contractId: number; body: TContractInput }
  | { kind: 'delete'; contractId: number }
  | { kind: 'end'; endDate: string | null };

const doneText: Record<ContractChange['kind'], string> = {
  add: 'Contract version added',
  edit: 'Contract version updated',
  delete: 'Contract version deleted',
  end: 'End date saved',
};

function send(employeeId: number, change: ContractChange, confirmPast: boolean): Promise<TContractList> {
  const params = { id: employeeId };
  const confirm = confirmPast ? { confirmPast: true } : {};
  switch (change.kind) {
    case 'add':
      return api('POST /api/employees/:id/contracts', { params, body: { ...change.body, ...confirm } });
    case 'edit':
      return api('PUT /api/employees/:id/contracts/:contractId', {
        params: { ...params, contractId: change.contractId },
        body: { ...change.body, ...confirm },
      });
    case 'delete':
      return api('DELETE /api/employees/:id/contracts/:contractId', {
        params: { ...params, contractId: change.contractId },
        query: confirmPast ? { confirmPast: 'true' } : {},
      });
    case 'end':
      return api('PUT /api/employees/:id/end-date', { params, body: { endDate: change.endDate, ...confirm } });
  }
}

/**
 * One mutation for every contract change. Refusals are left to the caller (the dialog asks to confirm a
 * past change, or says only an administrator may make it); success refreshes the employees, the calendar
 * and any open day explanation, since a version moves the hours of every day it covers.
 */
export function useContractChange(employeeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ change, confirmPast = false }: { change: ContractChange; confirmPast?: boolean }) =>
      send(employeeId, change, confirmPast),
    onSuccess: async (list, { change }) => {
      qc.setQueryData(contractsKey(employeeId), list);
      toast({ title: doneText[change.kind], variant: 'success' });
      announceCalendarChange();
      await Promise.all([qc.invalidateQueries({ queryKey: employeesKey }), qc.invalidateQueries({ queryKey: [DAY_EXPLAIN_PATH] })]);
    },
  });
}
