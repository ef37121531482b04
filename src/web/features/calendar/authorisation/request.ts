/**
 * POST /api/day-changes/authorise-multiple through the shared client's raw reply: spec §6 tells a 401
 * apart from a reply that is not JSON at all (a proxy's or a login page's HTML), and both from other
 * failures.
 */
import type { TAuthoriseMultipleResponse } from '../../../../shared/contracts/day-changes';
import { requestRaw, type RawReply } from '../../../lib/api';
import { ZAuthoriseMultipleReply } from '../schemas';
import { AUTH_REQUIRED, MULTIPLE_FAILED, SESSION_EXPIRED } from './messages';

/** A failure whose message is the toast's description. */
export class AuthoriseFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthoriseFailure';
  }
}

export type Reply = RawReply;

/** What a reply means: the count and dates, or an AuthoriseFailure with the spec's text. */
export function readAuthoriseMultipleReply({ status, ok, contentType, text }: Reply): TAuthoriseMultipleResponse {
  if (status === 401) throw new AuthoriseFailure(AUTH_REQUIRED);
  let body: unknown;
  try {
    if (!contentType?.toLowerCase().includes('json')) throw new Error('not JSON');
    body = JSON.parse(text);
  } catch {
    throw new AuthoriseFailure(SESSION_EXPIRED);
  }
  if (!ok) throw new AuthoriseFailure(MULTIPLE_FAILED);
  const parsed = ZAuthoriseMultipleReply.safeParse(body);
  if (!parsed.success) throw new AuthoriseFailure(MULTIPLE_FAILED);
  return parsed.data;
}

export async function authoriseMultiple(dates: readonly string[]): Promise<TAuthoriseMultipleResponse> {
  let reply: RawReply;
  try {
    reply = await requestRaw('POST /api/day-changes/authorise-multiple', { body: { dates: [...dates] } });
  } catch {
    throw new AuthoriseFailure(MULTIPLE_FAILED);
  }
  return readAuthoriseMultipleReply(reply);
}
