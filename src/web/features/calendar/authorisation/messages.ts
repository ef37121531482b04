import type { ToastInput } from '../../../components/ui/toast';

/** Spec §6 and §8, word for word: the authorisation toasts. */
export const DAY_AUTHORISED: ToastInput = { title: 'Day Authorised', variant: 'success' };
export const DAY_FAILED: ToastInput = { title: 'Authorisation Failed', description: 'Could not save authorisation to the database.', variant: 'destructive' };
export const NOTHING_TO_AUTHORISE: ToastInput = { title: 'No changes to authorise', description: 'All days in this view are already authorised.', variant: 'info' };
export const NONE_AUTHORISED: ToastInput = { title: 'No Days Authorized', description: 'No days were found that needed authorization.', variant: 'info' };

export const daysAuthorised = (count: number): ToastInput => ({
  title: 'Multiple Days Authorised',
  description: `Successfully authorised ${count} ${count === 1 ? 'day' : 'days'}.`,
  variant: 'success',
});

/** Descriptions of the "Error" toast of authorise-multiple. */
export const MULTIPLE_FAILED = 'Could not authorise days. Please try again.';
export const AUTH_REQUIRED = 'Authentication required. Please log in again.';
export const SESSION_EXPIRED = 'Authentication session expired. Please refresh the page and log in again.';
