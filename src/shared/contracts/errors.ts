import { z } from 'zod';

/**
 * Every refusal of the API (4xx and 5xx) has this body (decision 005); a validation error also lists each
 * field that failed (`http/error-handler.ts`). Named `Error` in the OpenAPI document (decision 070).
 */
export const ZErrorReply = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;
