import type { TShortfallConflict } from '../../shared/contracts/coverage';
import { ApiError } from './api';

/**
 * The days a refused change would leave short (decision 096's 409), or null for any other failure. Read by
 * hand, not with zod, because the calendar's mutations import it and every byte there counts (decision 098).
 */
export function shortfallConflictOf(err: unknown): TShortfallConflict | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = err.body as Partial<TShortfallConflict> | undefined;
  if (body?.code !== 'coverage_shortfall' || !Array.isArray(body.shortfalls)) return null;
  return { message: err.message, code: 'coverage_shortfall', shortfalls: body.shortfalls };
}
