import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { App } from '../http/types';

/** Where a client stands against one limit: what a limited route reports in its headers. */
export interface RateLimitVerdict {
  limit: number;
  remaining: number;
  /** Until the window (or the wait) ends. */
  msBeforeReset: number;
}

/** A 429 with the limit that refused it, so the answer can say when to come back. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly verdict: RateLimitVerdict,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The tightest limit this request was counted against, for the `RateLimit-*` headers. */
    rateLimit?: RateLimitVerdict;
  }
}

/** Of two limits, the one the client meets first: fewer requests left, else the longer wait. */
export function tighter(a: RateLimitVerdict | undefined, b: RateLimitVerdict): RateLimitVerdict {
  if (!a) return b;
  if (a.remaining !== b.remaining) return a.remaining < b.remaining ? a : b;
  return a.msBeforeReset >= b.msBeforeReset ? a : b;
}

/** Counts a verdict against the request; a callback for code that has no request of its own (services). */
export const noteOn = (req: FastifyRequest) => (v: RateLimitVerdict) => {
  req.rateLimit = tighter(req.rateLimit, v);
};

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * IETF draft "RateLimit header fields for HTTP", in its three-field form (`RateLimit-Limit`,
 * `-Remaining`, `-Reset` in seconds), plus `Retry-After` on a refusal (decision 071).
 */
function setHeaders(reply: FastifyReply, v: RateLimitVerdict, refused: boolean): void {
  reply.header('RateLimit-Limit', String(v.limit));
  reply.header('RateLimit-Remaining', String(refused ? 0 : Math.max(0, v.remaining)));
  reply.header('RateLimit-Reset', String(seconds(v.msBeforeReset)));
  if (refused) reply.header('Retry-After', String(Math.max(1, seconds(v.msBeforeReset))));
}

/** Called by the error handler: a refusal says when to come back. */
export function rateLimitedHeaders(reply: FastifyReply, error: unknown): void {
  if (error instanceof RateLimitedError) setHeaders(reply, error.verdict, true);
}

/** Every answer of a request that was counted carries its limit, unless a refusal set them already. */
export function registerRateLimitHeaders(app: App): void {
  app.addHook('onSend', async (req, reply) => {
    if (req.rateLimit && !reply.hasHeader('RateLimit-Limit')) setHeaders(reply, req.rateLimit, false);
  });
}
