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

/**
 * A query key or route parameter whose name says it holds a credential: `token`, `access_token`,
 * `api_key`, `client_secret`, `X-Amz-Signature`, `code`, `password`, `session`, `auth`... Matching by name
 * over-redacts a harmless `postcode` rather than let a new secret through (decision 067).
 */
const SECRET_NAME = /token|secret|passw|key|code|sig|auth|session|credential|otp/i;
/** A path segment that could be a credential when no route names it: a long run of token characters. */
const TOKEN_LIKE = /^[A-Za-z0-9_~.%-]{20,}$/;
const REDACTED = '[redacted]';

const scrubQuery = (query: string) =>
  query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed escape: matched as it was sent
      }
      return SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');

/**
 * The URL as a log line may show it: query values with a secret's name, and path segments the route
 * names as a secret (`/feeds/:token`), are replaced. A URL no route matched has no names to go by, so
 * its token-like segments are replaced instead.
 */
export function scrubUrl(url: string, routePattern?: string): string {
  const hash = url.indexOf('#');
  const bare = hash < 0 ? url : url.slice(0, hash);
  const q = bare.indexOf('?');
  const path = q < 0 ? bare : bare.slice(0, q);
  const pattern = routePattern?.split('/');
  // The static files' wildcard: file names, not secrets.
  const wildcard = pattern?.indexOf('*') ?? -1;
  const segments = path.split('/').map((seg, i) => {
    if (wildcard >= 0 && i >= wildcard) return seg;
    const declared = pattern?.[i];
    if (declared === undefined) return TOKEN_LIKE.test(seg) ? REDACTED : seg;
    return declared.startsWith(':') && SECRET_NAME.test(declared) ? REDACTED : seg;
  });
  return segments.join('/') + (q < 0 ? '' : `?${scrubQuery(bare.slice(q + 1))}`);
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
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        'res.headers["set-cookie"]',
        'body',
        'req.body',
        'password',
        'newPassword',
        'token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        id: req.id,
        method: req.method,
        url: scrubUrl(req.url, req.routeOptions?.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/** Echoes the request id so a user's error report or a proxy log can be matched to the app's log lines. */
export function registerRequestIdHeader(app: App): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
