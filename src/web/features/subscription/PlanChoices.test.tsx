import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TSubscriptionStatusResponse } from '../../../shared/contracts/subscriptions';
import { PlanChoices } from './PlanChoices';

const plan = (name: string, priceMonthly: number) => ({
  name,
  description: null,
  priceMonthly,
  priceYearly: priceMonthly * 10,
  maxEmployees: 25,
  maxSites: 1,
  features: [],
});
const trial: TSubscriptionStatusResponse = {
  subscriptionStatus: 'trial',
  planType: 'starter',
  maxEmployees: 25,
  maxSites: 1,
  isTrialActive: true,
  daysRemainingInTrial: 14,
  trialEndsAt: '2031-05-20T10:00:00.000Z',
  subscriptionEndsAt: null,
  featuresEnabled: [],
  canUpgrade: true,
  billingModel: 'self_service',
  enterpriseContactEmail: null,
  externalBillingReference: null,
  isBeta: false,
  hidePaymentControls: false,
  paymentsConfigured: false,
  selfServicePlans: true,
  publishableKey: null,
  plans: [plan('starter', 9), plan('professional', 29), plan('enterprise', 99)],
};

const render = (s: Partial<TSubscriptionStatusResponse>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PlanChoices s={{ ...trial, ...s }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('PlanChoices (decision 062)', () => {
  it('with card payments on, offers to subscribe to each plan and never a free activation', () => {
    const html = render({ paymentsConfigured: true, publishableKey: 'pk_test_x', selfServicePlans: false });
    expect(html).toContain('href="/subscribe?plan=enterprise"');
    expect(html).toContain('Subscribe to Enterprise');
    expect(html).toContain('Subscribe to Starter');
    expect(html).toContain('A plan starts when its first payment is made by card.');
    expect(html).not.toContain('Activate');
  });

  it('without payments on a self-service install, activates plans and says why', () => {
    const html = render({});
    expect(html).toContain('Activate Professional');
    expect(html).toContain('Card payments are not configured on this server; plans can still be activated here.');
    expect(html).not.toContain('Subscribe to');
  });

  it('without payments or self-service, sends the admin to the platform operator', () => {
    const html = render({ selfServicePlans: false });
    expect(html).toContain('Plans on this server are set by the platform operator. Please contact support to change your plan.');
    expect(html).not.toContain('Activate');
    expect(html).not.toContain('Subscribe to');
  });

  it('offers nothing on an enterprise-managed site, and nothing for the plan already paid for', () => {
    expect(render({ billingModel: 'enterprise', paymentsConfigured: true })).not.toMatch(/Activate|Subscribe to/);
    const html = render({ paymentsConfigured: true, selfServicePlans: false, subscriptionStatus: 'active', planType: 'professional' });
    expect(html).not.toContain('Subscribe to Professional');
    expect(html).toContain('Current plan');
  });
});
