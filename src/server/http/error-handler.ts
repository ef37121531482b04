import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors';

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

const friendlyFastify: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON.',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message });
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
    // drizzle wraps driver errors; the SQLSTATE sits on the cause.
    const sqlState = (error.cause as { code?: string } | undefined)?.code ?? error.code;
    const pg = sqlState ? pgCodes[sqlState] : undefined;
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
