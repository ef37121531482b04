import { Building2, CalendarClock, CreditCard } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  PAID_PLANS,
  subscriptionMessages,
  type TPaidPlan,
  type TSubscriptionStatusResponse,
} from '../../../shared/contracts/subscriptions';
import { PageHeader, Spinner } from '../../components/ui/page';
import { useTheme } from '../../lib/theme';
import { useSubscriptionStatus } from './api';
import { planName } from './format';
import { PlanCard } from './PlanCard';
import { PlanChoices } from './PlanChoices';

// Stripe's packages load only here, and only when the form can be shown.
const PaymentForm = lazy(() => import('./PaymentForm'));

/** The plan sold by default: the spec's upgrade page offers the Pro plan (decision 023). */
const DEFAULT_PLAN: TPaidPlan = 'professional';

function Note({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div role="note" className="flex items-start gap-3 rounded-md border border-border bg-muted/60 px-4 py-3 text-sm">
      {icon}
      <div>{children}</div>
    </div>
  );
}

function PaymentSection({ s, plan }: { s: TSubscriptionStatusResponse; plan: TPaidPlan }) {
  const { theme } = useTheme();
  const dark = theme === 'dark' || (theme === 'system' && document.documentElement.classList.contains('dark'));
  if (s.billingModel !== 'self_service') {
    return (
      <Note icon={<Building2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}>
        This subscription is managed under an enterprise agreement. Contact {s.enterpriseContactEmail ?? 'your enterprise account manager'}{' '}
        to change it.
      </Note>
    );
  }
  if (s.hidePaymentControls) {
    return (
      <Note icon={<CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}>Payments for this site are handled outside the app.</Note>
    );
  }
  if (!s.paymentsConfigured || !s.publishableKey) {
    return (
      <Note icon={<CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}>
        <p className="font-medium">{subscriptionMessages.paymentsNotConfigured}</p>
        {s.selfServicePlans ? (
          <p className="mt-1 text-muted-foreground">
            Card payments need the server&apos;s Stripe keys. Until they are set, a plan can be activated from the{' '}
            <Link to="/subscription" className="font-medium text-link hover:underline">
              Subscription page
            </Link>
            .
          </p>
        ) : (
          <p className="mt-1 text-muted-foreground">{subscriptionMessages.operatorPlans}</p>
        )}
      </Note>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Preparing secure payment form..." />}>
      <PaymentForm plan={plan} publishableKey={s.publishableKey} dark={dark} />
    </Suspense>
  );
}

/** Spec §2 Upgrade page: the plan card from the plans table and the embedded payment form. */
export default function SubscribePage() {
  const [params] = useSearchParams();
  const status = useSubscriptionStatus();
  const asked = params.get('plan');
  const planType: TPaidPlan = (PAID_PLANS as readonly string[]).includes(asked ?? '') ? (asked as TPaidPlan) : DEFAULT_PLAN;

  if (status.isPending) return <Spinner label="Loading plan..." />;
  if (status.isError || !status.data) {
    return (
      <p role="alert" className="rounded-md border border-border bg-card px-4 py-6 text-center text-sm text-destructive">
        {subscriptionMessages.loadFailed}
      </p>
    );
  }
  const s = status.data;
  const plan = s.plans.find((p) => p.name === planType);
  const inTrial = s.isTrialActive && s.daysRemainingInTrial !== 0;

  // Nothing to pay for: an active site changes plan with the subscription page's own controls.
  if (s.subscriptionStatus === 'active') {
    return (
      <section>
        <PageHeader title={`Upgrade to ${planName(planType)}`} subtitle="Your site's subscription is already active." />
        <div className="space-y-4">
          <Note icon={<CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}>
            <p className="font-medium">This site already has an active {planName(s.planType)} subscription, so nothing is charged here.</p>
            <p className="mt-1 text-muted-foreground">
              {s.planType === planType ? 'You are on this plan already.' : `To move to ${planName(planType)}, change the plan below.`}{' '}
              <Link to="/subscription" className="font-medium text-link hover:underline">
                Subscription details
              </Link>
            </p>
          </Note>
          <PlanChoices s={s} />
        </div>
      </section>
    );
  }

  return (
    <section>
      <PageHeader title={`Upgrade to ${planName(planType)}`} subtitle="Subscribe to keep your team's calendar running after the trial." />
      <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        {plan ? (
          <PlanCard plan={plan} highlight>
            <p className="flex items-start gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm">
              <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                <span className="font-semibold">14-day free trial.</span>{' '}
                {inTrial ? 'No charge until after your trial ends.' : 'Your trial has ended, so the first month is charged today.'}
              </span>
            </p>
          </PlanCard>
        ) : (
          <p role="alert" className="text-sm text-destructive">
            The {planName(planType)} plan is not available.
          </p>
        )}
        <section aria-labelledby="payment-title" className="rounded-lg border border-border bg-card p-4">
          <h2 id="payment-title" className="mb-3 text-base font-semibold">
            Payment details
          </h2>
          <PaymentSection s={s} plan={planType} />
        </section>
      </div>
    </section>
  );
}
