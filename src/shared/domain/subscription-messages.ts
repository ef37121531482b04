// Zod-free, so the signed-in layout's banners do not load zod (decision 034).
/** Spec §8, word for word. */
export const subscriptionMessages = {
  loadFailed: 'Unable to load subscription status. Please try again later.',
  trialExpired: 'Trial period has expired. Please activate a subscription to continue using the service.',
  endTrialFailed: 'Failed to end trial period',
  activateFailed: 'Failed to activate subscription',
  trialSettingsFailed: 'Failed to update trial settings',
  betaFailed: 'Failed to enable beta mode',
  setupErrorTitle: 'Setup Error',
  setupError: 'Unable to set up subscription. Please try again.',
  initFailed: 'Unable to initialize subscription. Please contact support.',
  paymentFailed: 'Payment Failed',
  /** Not in the spec: decision 024. */
  canceled: 'Your subscription has been canceled. Please activate a subscription to continue using the service.',
  /** Not in the spec: decision 104. */
  lapsed:
    'Your paid subscription period has ended and was not renewed. Please renew your subscription on the upgrade page to continue using the service.',
  paymentsNotConfigured: 'Payments are not configured on this server.',
  /** Not in the spec: decision 062. */
  operatorPlans: 'Plans on this server are set by the platform operator. Please contact support to change your plan.',
  operatorTrial: 'Beta mode and trial settings are set by the platform operator. Please contact support to change them.',
} as const;

/** Decision 062: with card payments on, a plan starts with a payment, never with a free "activate". */
export const subscribeToActivate = (planLabel: string) =>
  `The ${planLabel} plan is activated by paying for it. Subscribe on the upgrade page to continue.`;
