import { describe, expect, it } from 'vitest';
import { canUpgrade, daysRemainingInTrial, effectiveStatus, enterpriseRefusal, featuresOf, writeRefusal } from './subscription';

const now = new Date('2026-11-23T12:00:00Z');
const trial = (ends: string | null, planType = 'starter') => ({
  subscriptionStatus: 'trial',
  planType,
  billingModel: 'self_service',
  trialEndsAt: ends ? new Date(ends) : null,
});

describe('subscription rules', () => {
  it('counts a started day as a whole one and expires the trial at its end', () => {
    expect(daysRemainingInTrial(trial('2026-12-07T12:00:00Z'), now)).toBe(14);
    expect(daysRemainingInTrial(trial('2026-11-23T12:00:01Z'), now)).toBe(1);
    expect(effectiveStatus(trial('2026-11-23T12:00:01Z'), now)).toBe('trial');
    expect(effectiveStatus(trial('2026-11-23T12:00:00Z'), now)).toBe('trial_expired');
    expect(daysRemainingInTrial(trial('2026-11-20T00:00:00Z'), now)).toBe(0);
  });

  it('gives the beta and an endless trial -1 days and never expires them', () => {
    expect(daysRemainingInTrial(trial(null, 'beta'), now)).toBe(-1);
    expect(daysRemainingInTrial(trial('2020-01-01T00:00:00Z', 'beta'), now)).toBe(-1);
    expect(effectiveStatus(trial('2020-01-01T00:00:00Z', 'beta'), now)).toBe('trial');
    expect(daysRemainingInTrial(trial(null), now)).toBe(-1);
  });

  it('refuses changes while expired or canceled, with the spec text for an expired trial', () => {
    expect(writeRefusal(trial('2026-11-01T00:00:00Z'), now)).toBe(
      'Trial period has expired. Please activate a subscription to continue using the service.',
    );
    expect(writeRefusal({ subscriptionStatus: 'trial_expired', planType: 'starter', trialEndsAt: null }, now)).toBe(
      'Trial period has expired. Please activate a subscription to continue using the service.',
    );
    expect(writeRefusal({ subscriptionStatus: 'canceled', planType: 'starter', trialEndsAt: null }, now)).toMatch(/canceled/);
    expect(writeRefusal({ subscriptionStatus: 'active', planType: 'starter', trialEndsAt: new Date('2020-01-01') }, now)).toBeNull();
    expect(writeRefusal(trial('2026-12-01T00:00:00Z'), now)).toBeNull();
  });

  it('lapses an active site 7 days after its paid period ended unrenewed, unless billed outside the app', () => {
    const paid = (ends: string, ref: string | null = null) => ({
      subscriptionStatus: 'active',
      planType: 'professional',
      trialEndsAt: null,
      subscriptionEndsAt: new Date(ends),
      externalBillingReference: ref,
    });
    const lapsed =
      'Your paid subscription period has ended and was not renewed. Please renew your subscription on the upgrade page to continue using the service.';
    expect(writeRefusal(paid('2026-11-16T12:00:01Z'), now)).toBeNull();
    expect(effectiveStatus(paid('2026-11-16T12:00:01Z'), now)).toBe('active');
    expect(writeRefusal(paid('2026-11-16T12:00:00Z'), now)).toBe(lapsed);
    expect(effectiveStatus(paid('2026-10-14T00:00:00Z'), now)).toBe('lapsed');
    expect(canUpgrade({ ...paid('2026-10-14T00:00:00Z'), billingModel: 'self_service' }, now)).toBe(true);
    expect(writeRefusal(paid('2026-10-14T00:00:00Z', 'PO-7'), now)).toBeNull();
    expect(writeRefusal({ ...paid('2026-10-14T00:00:00Z'), subscriptionEndsAt: null }, now)).toBeNull();
  });

  it('lets self-service sites upgrade until they hold a plan above Starter', () => {
    expect(canUpgrade(trial('2026-12-01T00:00:00Z'), now)).toBe(true);
    expect(canUpgrade({ ...trial(null), subscriptionStatus: 'active', planType: 'starter' }, now)).toBe(true);
    expect(canUpgrade({ ...trial(null), subscriptionStatus: 'active', planType: 'professional' }, now)).toBe(false);
    expect(canUpgrade({ ...trial(null), billingModel: 'enterprise' }, now)).toBe(false);
  });

  it('names the enterprise contact', () => {
    expect(enterpriseRefusal('billing@big.example')).toContain('billing@big.example');
    expect(enterpriseRefusal(null)).toContain('enterprise account manager');
  });

  it('reads the stored feature list, falling back to the plan for an empty or broken one', () => {
    expect(featuresOf('["multi_site"]', ['basic_calendar'])).toEqual(['multi_site']);
    expect(featuresOf('[]', ['basic_calendar'])).toEqual(['basic_calendar']);
    expect(featuresOf('not json', ['basic_calendar'])).toEqual(['basic_calendar']);
  });
});
