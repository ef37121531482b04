import { AlertTriangle, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { subscriptionMessages } from '../../../shared/domain/subscription-messages';
import { useIsAdmin } from '../../lib/session';
import { useSubscriptionStatus } from './api';

/**
 * Across the top of every signed-in screen: the beta notice while the unlimited beta trial runs, and the
 * expiry notice for everyone on a site whose trial or paid period ended (admins get the way to the subscription page).
 */
export function SubscriptionBanners() {
  const status = useSubscriptionStatus();
  const isAdmin = useIsAdmin();
  const s = status.data;
  if (!s) return null;
  const blocked: Record<string, string> = {
    trial_expired: subscriptionMessages.trialExpired,
    canceled: subscriptionMessages.canceled,
    lapsed: subscriptionMessages.lapsed,
  };
  const message = blocked[s.subscriptionStatus];
  if (message) {
    return (
      <div role="alert" className="border-b border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
        <div className="mx-auto flex max-w-screen-2xl items-start gap-2 px-3 py-2 text-sm sm:px-4">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium">{message}</span>
            {isAdmin ? (
              <Link to="/subscription" className="font-semibold underline underline-offset-2 hover:no-underline">
                Manage subscription
              </Link>
            ) : (
              <span>You can still view everything; ask an administrator of this site to activate a plan.</span>
            )}
          </p>
        </div>
      </div>
    );
  }
  if (!s.isBeta) return null;
  return (
    <div
      role="status"
      className="border-b border-purple-300 bg-purple-50 text-purple-900 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-100"
    >
      <div className="mx-auto flex max-w-screen-2xl items-center gap-2 px-3 py-1.5 text-sm sm:px-4">
        <FlaskConical className="h-4 w-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">Beta</span> — unlimited trial active: every feature, no employee limit, no end date.
        </span>
      </div>
    </div>
  );
}
