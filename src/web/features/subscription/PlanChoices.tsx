import { CreditCard, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { subscriptionMessages, type TPaidPlan, type TSubscriptionStatusResponse } from '../../../shared/contracts/subscriptions';
import { PendingButton } from '../../components/ui/button';
import { useActivatePlan } from './api';
import { planName } from './format';
import { PlanCard } from './PlanCard';

function Note({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="mb-3 flex items-center gap-2 rounded-md border border-border bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
      {icon}
      {children}
    </p>
  );
}

/**
 * The plan cards and what an admin can do with each (decision 062): with card payments on, subscribe and
 * pay; without them, activate where the operator allows self-service plans; otherwise ask the operator.
 */
export function PlanChoices({ s }: { s: TSubscriptionStatusResponse }) {
  const activate = useActivatePlan();
  const enterprise = s.billingModel !== 'self_service';
  const showPayments = !s.hidePaymentControls && !enterprise;
  // A card subscription already running is not bought again: its plan is changed by the operator.
  const paidByCard = s.subscriptionStatus === 'active' && showPayments && s.paymentsConfigured && !s.selfServicePlans;
  const canSubscribe = showPayments && s.paymentsConfigured && !paidByCard;
  const canActivate = !enterprise && s.selfServicePlans;
  const isCurrent = (plan: string) => s.planType === plan && s.subscriptionStatus === 'active';
  const icon = <CreditCard className="h-4 w-4 shrink-0" aria-hidden />;

  let note: ReactNode = null;
  if (paidByCard) note = <Note icon={<Info className="h-4 w-4 shrink-0" aria-hidden />}>{subscriptionMessages.operatorPlans}</Note>;
  else if (canSubscribe) note = <Note icon={icon}>A plan starts when its first payment is made by card.</Note>;
  else if (canActivate && showPayments)
    note = <Note icon={icon}>Card payments are not configured on this server; plans can still be activated here.</Note>;
  else if (!enterprise && !s.selfServicePlans && !s.hidePaymentControls) {
    note = <Note icon={<Info className="h-4 w-4 shrink-0" aria-hidden />}>{subscriptionMessages.operatorPlans}</Note>;
  }

  return (
    <section aria-labelledby="plans-title">
      <h2 id="plans-title" className="mb-2 text-base font-semibold">
        Plans
      </h2>
      {note}
      <div className="grid gap-3 md:grid-cols-3">
        {s.plans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} current={isCurrent(plan.name)}>
            {canActivate && !isCurrent(plan.name) ? (
              <PendingButton onClick={() => activate.mutate({ planType: plan.name as TPaidPlan })} pending={activate.isPending}>
                Activate {planName(plan.name)}
              </PendingButton>
            ) : null}
            {canSubscribe && !isCurrent(plan.name) ? (
              <Link
                to={`/subscribe?plan=${plan.name}`}
                className="inline-flex h-9 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                Subscribe to {planName(plan.name)}
              </Link>
            ) : null}
          </PlanCard>
        ))}
      </div>
    </section>
  );
}
