import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { AlertTriangle, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { subscriptionMessages, type TCreateSubscriptionResponse, type TPaidPlan } from '../../../shared/contracts/subscriptions';
import { PendingButton } from '../../components/ui/button';
import { Spinner } from '../../components/ui/page';
import { toast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { createSubscription } from './api';

/** Where Stripe sends the browser once the payment (or the card set-up for a trial) is confirmed: spec §4. */
const returnUrl = () => `${window.location.origin}/calendar`;

function Problem({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

function SubscribeButton({ disabled, busy }: { disabled?: boolean; busy?: boolean }) {
  return (
    <PendingButton type="submit" className="w-full justify-center" pending={busy} unavailable={disabled}>
      <Lock className="h-4 w-4" aria-hidden />
      {busy ? 'Processing...' : 'Subscribe Now'}
    </PendingButton>
  );
}

function CheckoutForm({ intentType }: { intentType: TCreateSubscriptionResponse['intentType'] }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const confirmParams = { return_url: returnUrl() };
    const result =
      intentType === 'setup'
        ? await stripe.confirmSetup({ elements, confirmParams })
        : await stripe.confirmPayment({ elements, confirmParams });
    // Only reached when confirmation failed: success leaves the page for the return URL.
    setBusy(false);
    if (result.error)
      toast({
        title: subscriptionMessages.paymentFailed,
        description: result.error.message ?? 'Please try again.',
        variant: 'destructive',
      });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <PaymentElement />
      <SubscribeButton disabled={!stripe || !elements} busy={busy} />
    </form>
  );
}

/**
 * The embedded Stripe payment form. Stripe.js comes from Stripe's own servers; where it cannot load
 * (offline, blocked) the form says so and Subscribe Now stays disabled, so nothing half-works.
 */
export default function PaymentForm({ plan, publishableKey, dark }: { plan: TPaidPlan; publishableKey: string; dark: boolean }) {
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);
  const [intent, setIntent] = useState<TCreateSubscriptionResponse | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadStripe(publishableKey)
      .then((s) => live && setStripe(s ?? 'failed'))
      .catch(() => live && setStripe('failed'));
    return () => {
      live = false;
    };
  }, [publishableKey]);

  useEffect(() => {
    let live = true;
    setIntent(null);
    setSetupError(null);
    createSubscription(plan)
      .then((res) => live && setIntent(res))
      .catch((err: unknown) => {
        if (!live) return;
        toast({ title: subscriptionMessages.setupErrorTitle, description: subscriptionMessages.setupError, variant: 'destructive' });
        setSetupError(messageOf(err, subscriptionMessages.initFailed));
      });
    return () => {
      live = false;
    };
  }, [plan]);

  if (setupError) return <Problem>{`${subscriptionMessages.initFailed} (${setupError})`}</Problem>;
  if (stripe === 'failed') {
    return (
      <div className="space-y-4">
        <Problem>
          The secure payment form could not be loaded from Stripe. Check your internet connection or browser extensions, then reload this
          page.
        </Problem>
        <SubscribeButton disabled />
      </div>
    );
  }
  if (!stripe || !intent) return <Spinner label="Preparing secure payment form..." />;
  return (
    <Elements stripe={stripe} options={{ clientSecret: intent.clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } }}>
      <CheckoutForm intentType={intent.intentType} />
    </Elements>
  );
}
