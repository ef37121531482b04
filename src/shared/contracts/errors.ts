import { z } from 'zod';
import { ZShortfallDay } from './coverage';

/**
 * Every refusal of the API (4xx and 5xx) has this body (decision 005); a validation error also lists each
 * field that failed (`http/error-handler.ts`). Named `Error` in the OpenAPI document (decision 070).
 */
export const ZErrorReply = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** `PAST_CHANGE`: a change of hours before today that must be confirmed (decision 076), with its counts below. */
  code: z.string().optional(),
  pastDays: z.number().optional(),
  authorisedDays: z.number().optional(),
  /** `coverage_shortfall`: the days a change would leave under the site's minimum (decisions 096, 097). */
  shortfalls: z.array(ZShortfallDay).optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;
