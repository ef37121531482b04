import type { TSubscriptionStatusResponse } from '../../../shared/contracts/subscriptions';
import { formatMomentDay } from '../../../shared/format';

/** Words the subscription screens show for the stored codes. */
export const planName = (plan: string) => (plan === 'beta' ? 'Beta' : plan.charAt(0).toUpperCase() + plan.slice(1));

const STATUS: Record<string, string> = {
  trial: 'Trial',
  active: 'Active',
  trial_expired: 'Trial expired',
  canceled: 'Canceled',
  lapsed: 'Lapsed',
  cancelled: 'Canceled',
  inactive: 'Inactive',
};
export const statusName = (status: string) => STATUS[status] ?? status;
export const statusTone = (status: string) =>
  (status === 'active' ? 'green' : status === 'trial' ? 'blue' : 'red') as 'green' | 'blue' | 'red';

const FEATURE: Record<string, string> = {
  basic_calendar: 'Calendar',
  employee_management: 'Employee management',
  basic_reports: 'Basic reports',
  email_notifications: 'E-mail notifications',
  advanced_reports: 'Advanced reports',
  multi_site: 'Multiple sites',
  api_access: 'API access',
};
export const featureName = (f: string) => FEATURE[f] ?? f.replace(/_/g, ' ');

export const limit = (n: number, one: string, many: string) => (n < 0 ? `Unlimited ${many}` : `Up to ${n} ${n === 1 ? one : many}`);

export const price = (n: number) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

/** The trial line under the status: days left, the unlimited beta, or nothing once there is no trial. */
export function trialText(s: Pick<TSubscriptionStatusResponse, 'isTrialActive' | 'daysRemainingInTrial' | 'isBeta'>): string | null {
  if (!s.isTrialActive) return null;
  if (s.daysRemainingInTrial < 0) return s.isBeta ? 'Unlimited beta trial' : 'Trial without an end date';
  return `${s.daysRemainingInTrial} ${s.daysRemainingInTrial === 1 ? 'day' : 'days'} left in your trial`;
}

/** "7 Dec 2026" in the browser's zone (decision 114), or null. */
export const formatDate = (iso: string | null) => (iso ? formatMomentDay(iso) : null);
