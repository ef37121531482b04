/** Reference data shared by registration, the demo seed and tests. Overtime adds hours: never asked for as time off (decision 113). */
export const STARTER_EXCEPTION_TYPES = [
  { name: 'Annual Leave', color: '#3b82f6', isAdditive: false, countsAgainstAllowance: true },
  { name: 'Sick Leave', color: '#ef4444', isAdditive: false, isSickness: true },
  { name: 'Training', color: '#8b5cf6', isAdditive: false },
  { name: 'Overtime', color: '#10b981', isAdditive: true, isRequestable: false },
] as const;

export const SUBSCRIPTION_PLANS = [
  {
    name: 'starter',
    description: 'Starter',
    priceMonthly: 9,
    priceYearly: 90,
    maxEmployees: 25,
    maxSites: 1,
    features: ['basic_calendar', 'employee_management', 'basic_reports', 'email_notifications'],
  },
  {
    name: 'professional',
    description: 'Professional',
    priceMonthly: 29,
    priceYearly: 290,
    maxEmployees: 100,
    maxSites: 5,
    features: [
      'basic_calendar',
      'employee_management',
      'basic_reports',
      'email_notifications',
      'advanced_reports',
      'multi_site',
      'api_access',
    ],
  },
  {
    name: 'enterprise',
    description: 'Enterprise',
    priceMonthly: 99,
    priceYearly: 990,
    maxEmployees: -1,
    maxSites: -1,
    features: [
      'basic_calendar',
      'employee_management',
      'basic_reports',
      'email_notifications',
      'advanced_reports',
      'multi_site',
      'api_access',
    ],
  },
] as const;

export const NOTE_PALETTE = [
  { name: 'Grey', color: '#9ca3af' },
  { name: 'Blue', color: '#3b82f6' },
  { name: 'Green', color: '#10b981' },
  { name: 'Yellow', color: '#f59e0b' },
  { name: 'Red', color: '#ef4444' },
  { name: 'Purple', color: '#8b5cf6' },
  { name: 'Cyan', color: '#06b6d4' },
  { name: 'Lime', color: '#84cc16' },
  { name: 'Orange', color: '#f97316' },
] as const;

export const TRIAL_DAYS = 14;
export const PRODUCT_NAME = 'Hoursight';
