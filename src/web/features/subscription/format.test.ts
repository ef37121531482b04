import { describe, expect, it } from 'vitest';
import { limit, planName, price, statusName, trialText } from './format';

describe('subscription wording', () => {
  it('names plans, statuses, limits and prices', () => {
    expect(planName('professional')).toBe('Professional');
    expect(planName('beta')).toBe('Beta');
    expect(statusName('trial_expired')).toBe('Trial expired');
    expect(limit(25, 'employee', 'employees')).toBe('Up to 25 employees');
    expect(limit(1, 'site', 'sites')).toBe('Up to 1 site');
    expect(limit(-1, 'site', 'sites')).toBe('Unlimited sites');
    expect(price(29)).toBe('$29');
    expect(price(9.5)).toBe('$9.50');
  });

  it('says how much trial is left', () => {
    expect(trialText({ isTrialActive: true, daysRemainingInTrial: 14, isBeta: false })).toBe('14 days left in your trial');
    expect(trialText({ isTrialActive: true, daysRemainingInTrial: 1, isBeta: false })).toBe('1 day left in your trial');
    expect(trialText({ isTrialActive: true, daysRemainingInTrial: -1, isBeta: true })).toBe('Unlimited beta trial');
    expect(trialText({ isTrialActive: false, daysRemainingInTrial: 0, isBeta: false })).toBeNull();
  });
});
