import type { TMeResponse } from '../../shared/contracts/auth';
import { ApiError, api } from './api';

/** The signed-in user and current site; null when signed out (401). Other failures are thrown. */
export async function fetchMe(): Promise<TMeResponse | null> {
  try {
    return await api('GET /api/auth/me');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
