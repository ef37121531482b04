import type { TLoginRequest, TMeResponse } from '../../../shared/contracts/auth';
import { post } from '../../lib/api';

/**
 * Signs in; the reply is the session (the same shape as /api/auth/me). A plain request, so the sign-in
 * page loads no query cache (decision 050): whoever shows the page puts the reply in the cache.
 */
export const signIn = (body: TLoginRequest) => post<TMeResponse>('/api/auth/login', body);
