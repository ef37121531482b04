import type { TLoginRequest } from '../../../shared/contracts/auth';
import { api } from '../../lib/api';

/**
 * Signs in; the reply is the session (the same shape as /api/auth/me). A plain request, so the sign-in
 * page loads no query cache (decision 050): whoever shows the page puts the reply in the cache.
 */
export const signIn = (body: TLoginRequest) => api('POST /api/auth/login', { body });

/** The code step after a password, when two-factor sign-in is on (decision 065). */
export const verifyTwoFactor = (challenge: string, code: string) => api('POST /api/auth/login/two-factor', { body: { challenge, code } });
