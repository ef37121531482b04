import type { TForgotPasswordRequest, TRegisterRequest, TResetPasswordRequest } from '../../../shared/contracts/accounts';
import { ApiError, api } from '../../lib/api';

/**
 * Spec §8: the server's message when it sent one (a 4xx), the screen's own fallback when the server
 * failed (5xx), and `network` when no answer came back at all.
 */
export function accountErrorMessage(err: unknown, fallback: string, network = fallback): string {
  if (err instanceof ApiError) return err.status < 500 && err.message ? err.message : fallback;
  return network;
}

// Plain requests: the forms keep their own pending state, and the signed-out pages load no query cache (decision 050).
export const registerCompany = (body: TRegisterRequest) => api('POST /auth/register', { body });

export const requestPasswordReset = (body: TForgotPasswordRequest) => api('POST /auth/forgot-password', { body });

export const resetPassword = (body: TResetPasswordRequest) => api('POST /auth/reset-password', { body });

/** Whether a reset or invitation link still works, asked when its page opens (decision 114). */
export const checkResetLink = (token: string) => api('GET /auth/reset-password/check', { query: { token } });
