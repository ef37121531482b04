import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionMessages } from '../../../shared/domain/subscription-messages';
import type { TCreateSubscriptionResponse, TPaidPlan, TSubscriptionStatusResponse, TTrialSettingsRequest } from '../../../shared/contracts/subscriptions';
import { toast } from '../../components/ui/toast';
import { ApiError, get, post } from '../../lib/api';
import { subscriptionStatusKey } from '../../lib/query-keys';

/** The site's subscription: every signed-in screen reads it for the banners, so it is cached briefly. */
export function useSubscriptionStatus() {
  return useQuery({
    queryKey: subscriptionStatusKey,
    queryFn: () => get<TSubscriptionStatusResponse>('/api/subscription/status'),
    staleTime: 60 * 1000,
  });
}

/** Spec §8 titles; the description is the server's reason (an enterprise contact, a conflict) when it gave one. */
const failed = (title: string) => (err: unknown) =>
  toast({ title, description: err instanceof ApiError && err.status < 500 && err.message ? err.message : 'Please try again.', variant: 'destructive' });

function useSubscriptionChange<T>(path: string, failure: string, success: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => post<{ message: string }>(path, body ?? {}),
    onSuccess: async () => {
      toast({ title: success, variant: 'success' });
      // Every cached list may now be writable again (or not): refetch them all, the status first.
      await qc.invalidateQueries({ queryKey: subscriptionStatusKey });
      void qc.invalidateQueries();
    },
    onError: failed(failure),
  });
}

export const useEndTrial = () => useSubscriptionChange<void>('/api/subscription/end-trial', subscriptionMessages.endTrialFailed, 'Trial period ended');
export const useActivatePlan = () =>
  useSubscriptionChange<{ planType: TPaidPlan }>('/api/subscription/activate', subscriptionMessages.activateFailed, 'Subscription activated');
export const useUpdateTrialSettings = () =>
  useSubscriptionChange<TTrialSettingsRequest>('/api/subscription/update-trial-settings', subscriptionMessages.trialSettingsFailed, 'Trial settings updated');
export const useEnableBeta = () => useSubscriptionChange<void>('/api/subscription/enable-beta-mode', subscriptionMessages.betaFailed, 'Beta mode enabled');

export const createSubscription = (planType: TPaidPlan) => post<TCreateSubscriptionResponse>('/api/get-or-create-subscription', { planType });
