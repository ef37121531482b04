import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors';
import { rateLimitedHeaders } from '../rate-limit/headers';
import { challengeOf } from './www-authenticate';

interface FieldIssue {
  path: string;
  message: string;
}

/** Postgres error codes that bad input can still reach (a race past a pre-check), mapped to 4xx. */
const pgCodes: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'That record already exists.' },
  '23503': { status: 409, message: 'That record is still in use or refers to something that no longer exists.' },
  '23514': { status: 400, message: 'The values given are outside the allowed range.' },
  '22P02': { status: 400, message: 'A value has the wrong format.' },
  '22008': { status: 400, message: 'A date is out of range.' },
  '22007': { status: 400, message: 'A date has the wrong format.' },
  '22003': { status: 400, message: 'A number is out of range.' },
};

/** Class 22 is "data exception": every one of them is a value the database could not take, so the caller's fault. */
const dataException = { status: 400, message: 'A value could not be stored as given.' };

export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const unavailableMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|PGlite is closed|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * The database cannot be reached (refused, restarted, shut down, out of connections, or the embedded one
 * closed): a 503 the client may retry, not a 500. The pool reconnects on its own once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (networkCodes.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (typeof e.message === 'string' && unavailableMessages.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

const friendlyFastify: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON.',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof AppError) {
      rateLimitedHeaders(reply, error);
      if (error.status === 401) reply.header('WWW-Authenticate', challengeOf(request));
      return reply.status(error.status).send({ ...error.details, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? 'Invalid input',
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid input', issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    // drizzle wraps driver errors; the SQLSTATE sits on the cause.
    const sqlState = (error.cause as { code?: string } | undefined)?.code ?? error.code;
    const pg = sqlState ? (pgCodes[sqlState] ?? (sqlState.startsWith('22') ? dataException : undefined)) : undefined;
    if (pg) {
      request.log.warn({ err: error }, 'database refused input');
      return reply.status(pg.status).send({ message: pg.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && friendlyFastify[error.code]) || error.message || 'Bad request';
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
