import { z } from 'zod';
import { zText } from './common';

export const apiTokenMessages = {
  name: 'Name is required',
  nameMax: 'Name must be 100 characters or fewer',
  scope: 'Scope must be read or write',
  planWithoutApi: 'Your plan does not include API access. Upgrade to Professional to create API tokens.',
  tooMany: 'This site already has 25 API tokens. Revoke one you no longer use first.',
  sessionOnly: 'API tokens cannot be used here; sign in to the app instead.',
  invalid: 'Invalid or revoked API token',
  rateLimited: 'Too many requests with this API token. Wait a minute and try again.',
  revoked: 'API token revoked',
} as const;

export const API_TOKEN_NAME_MAX = 100;
/** A site's live tokens at most: enough for every tool, few enough to review. */
export const API_TOKENS_PER_SITE = 25;

export const ZApiTokenScope = z.enum(['read', 'write'], { message: apiTokenMessages.scope });
export type TApiTokenScope = z.infer<typeof ZApiTokenScope>;

/** POST /api/api-tokens. */
export const ZApiTokenRequest = z.object({
  name: zText({ field: 'Name', message: apiTokenMessages.name })
    .trim()
    .min(1, apiTokenMessages.name)
    .max(API_TOKEN_NAME_MAX, apiTokenMessages.nameMax),
  scope: ZApiTokenScope,
});
export type TApiTokenRequest = z.infer<typeof ZApiTokenRequest>;

export const ZApiTokenView = z.object({
  id: z.number(),
  name: z.string(),
  scope: ZApiTokenScope,
  /** The token's first characters, to tell tokens apart; never enough to use it. */
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type TApiTokenView = z.infer<typeof ZApiTokenView>;

export const ZApiTokenList = z.object({
  tokens: z.array(ZApiTokenView),
  /** Whether the site's plan includes `api_access`: without it the list is shown but no token can be made. */
  planAllows: z.boolean(),
});
export type TApiTokenList = z.infer<typeof ZApiTokenList>;

/** The one answer that carries the token itself: it is shown once and never again. */
export const ZApiTokenCreated = ZApiTokenView.extend({ token: z.string() });
export type TApiTokenCreated = z.infer<typeof ZApiTokenCreated>;
