import type { ToastInput } from '../../../components/ui/toast';
import { MESSAGES } from '../../../lib/messages';

/** Spec §6 and §8, word for word (texts in lib/messages): the authorisation toasts. */
const A = MESSAGES.authorisation;
export const DAY_AUTHORISED: ToastInput = { title: A.dayAuthorised, variant: 'success' };
export const DAY_FAILED: ToastInput = { ...A.dayFailed, variant: 'destructive' };
export const NOTHING_TO_AUTHORISE: ToastInput = { ...A.nothingToAuthorise, variant: 'info' };
export const NONE_AUTHORISED: ToastInput = { ...A.noneAuthorised, variant: 'info' };

export const daysAuthorised = (count: number): ToastInput => ({ ...A.daysAuthorised(count), variant: 'success' });

/** Descriptions of the "Error" toast of authorise-multiple. */
export const MULTIPLE_FAILED = A.multipleFailed;
export const AUTH_REQUIRED = 'Authentication required. Please log in again.';
export const SESSION_EXPIRED = 'Authentication session expired. Please refresh the page and log in again.';
