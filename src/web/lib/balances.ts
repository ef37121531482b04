import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAllowancePolicy, TBalancePreviewQuery } from '../../shared/contracts/balances';
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

/** A request as the preview weighs it: its employee, type and days, and its id once sent. */
export interface PreviewRequest {
  employeeId: number;
  reasonId: number;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  requestId?: number;
}

/**
 * The balance if `request` is approved, as the server's balance engine counts it (decision 112); null when the
 * site has no policy (the server's 409). Keyed under the balances' path, so whatever refreshes the balances (an
 * absence saved, a request decided, a live change) refreshes it too; the last answer stays while a new one loads.
 */
export function useBalancePreview(request: PreviewRequest | null) {
  const query: TBalancePreviewQuery | null = request && {
    ...request,
    isFullDay: request.isFullDay ? 'true' : 'false',
    hours: request.isFullDay || request.hours === null ? undefined : request.hours,
  };
  return useQuery({
    queryKey: [...balancesKey, 'preview', query],
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      try {
        return await api('GET /api/balances/preview', { query: query! });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return null;
        throw err;
      }
    },
  });
}
