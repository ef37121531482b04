import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionMessages } from '../../../shared/domain/subscription-messages';
import type { TPaidPlan } from '../../../shared/contracts/subscriptions';
import { toast } from '../../components/ui/toast';
import type { RouteBody, RouteInput } from '../../../shared/routes/types';
import { ApiError, api } from '../../lib/api';
import { subscriptionStatusKey } from '../../lib/query-keys';

/** The site's subscription: every signed-in screen reads it for the banners, so it is cached briefly. */
export function useSubscriptionStatus() {
  return useQuery({
    queryKey: subscriptionStatusKey,
    queryFn: () => api('GET /api/subscription/status'),
    staleTime: 60 * 1000,
  });
}

/** Spec §8 titles; the description is the server's reason (an enterprise contact, a conflict) when it gave one. */
const failed = (title: string) => (err: unknown) =>
  toast({
    title,
    description: err instanceof ApiError && err.status < 500 && err.message ? err.message : 'Please try again.',
    variant: 'destructive',
  });

type ChangeRoute =
  | 'POST /api/subscription/end-trial'
  | 'POST /api/subscription/activate'
  | 'POST /api/subscription/update-trial-settings'
  | 'POST /api/subscription/enable-beta-mode';

function useSubscriptionChange<K extends ChangeRoute>(route: K, failure: string, success: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<K>) => api<ChangeRoute>(route, { body } as RouteInput<ChangeRoute>),
    onSuccess: async () => {
      toast({ title: success, variant: 'success' });
      // Every cached list may now be writable again (or not): refetch them all, the status first.
      await qc.invalidateQueries({ queryKey: subscriptionStatusKey });
      void qc.invalidateQueries();
    },
    onError: failed(failure),
  });
}

export const useEndTrial = () =>
  useSubscriptionChange('POST /api/subscription/end-trial', subscriptionMessages.endTrialFailed, 'Trial period ended');
export const useActivatePlan = () =>
  useSubscriptionChange('POST /api/subscription/activate', subscriptionMessages.activateFailed, 'Subscription activated');
export const useUpdateTrialSettings = () =>
  useSubscriptionChange('POST /api/subscription/update-trial-settings', subscriptionMessages.trialSettingsFailed, 'Trial settings updated');
export const useEnableBeta = () =>
  useSubscriptionChange('POST /api/subscription/enable-beta-mode', subscriptionMessages.betaFailed, 'Beta mode enabled');

export const createSubscription = (planType: TPaidPlan) => api('POST /api/get-or-create-subscription', { body: { planType } });
