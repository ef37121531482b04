import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { App } from '../http/types';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's (or proxy's) request id is kept when it looks like an id, so logs join up across hops. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export function genReqId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query values that are secrets (the reset link's token) never reach a log line. */
export function scrubUrl(url: string): string {
  return url.replace(/([?&](?:token|code|key|secret|password)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Fastify's pino logger writing JSON lines: one per request at info, with the request id, method, scrubbed
 * URL and status. Headers and bodies are not serialized at all; the redact paths are a second guard in case
 * a handler logs a request or headers object itself.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization', 'res.headers["set-cookie"]', 'body', 'req.body', 'password', 'newPassword', 'token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: scrubUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/** Echoes the request id so a user's error report or a proxy log can be matched to the app's log lines. */
export function registerRequestIdHeader(app: App): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
