import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAllowancePolicy } from '../../shared/contracts/balances';
import { toast } from '../components/ui/toast';
import { api, ApiError, messageOf } from './api';
import { balancesKey } from './query-keys';

/** The allowance calls (decision 095): the site's policy, and the balances every screen that decides reads. */

export const policyKey = ['/api/allowance-policy'] as const;
export { balancesKey };

export function usePolicy() {
  return useQuery({ queryKey: policyKey, queryFn: () => api('GET /api/allowance-policy') });
}

export function useSavePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAllowancePolicy) => api('PUT /api/allowance-policy', { body }),
    onSuccess: (data) => {
      qc.setQueryData(policyKey, data);
      void qc.invalidateQueries({ queryKey: balancesKey });
      toast({ title: 'Allowance policy saved', variant: 'success' });
    },
    onError: (err) =>
      toast({ title: 'Failed to save the allowance policy', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
}

/** This leave year's balances of the site's employees; null when the site has no policy (the server's 409). */
export function useBalances(enabled = true) {
  return useQuery({
    queryKey: balancesKey,
    enabled,
    queryFn: async () => {
      try {
        return await api('GET /api/balances', { query: {} });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return null;
        throw err;
      }
    },
  });
}
