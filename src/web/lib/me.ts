import type { TMeResponse } from '../../shared/contracts/auth';
import { ApiError, get } from './api';
import { API_PATHS } from './query-keys';

/** The signed-in user and current site; null when signed out (401). Other failures are thrown. */
export async function fetchMe(): Promise<TMeResponse | null> {
  try {
    return await get<TMeResponse>(API_PATHS.me);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
