import { AsyncLocalStorage } from 'node:async_hooks';
import type { App } from '../http/types';

/**
 * The request id of the HTTP request whose work is running, carried into what it starts (an outbox mail, a
 * queued job) so their log lines join up with the request's (decision 045). Async local storage rather than
 * a parameter through every service: mails are sent from many modules that know nothing about requests.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => store.getStore()?.requestId;

/** Runs `fn` as if inside the request `requestId` (a job handler continuing a request's work). */
export const withRequestId = <T>(requestId: string | undefined, fn: () => T): T => (requestId ? store.run({ requestId }, fn) : fn());

export function registerRequestContext(app: App): void {
  // Callback hooks so the rest of the chain runs inside the store. Twice: the body is parsed from socket
  // events that lose the context, so the handler's context is set again just before it runs.
  app.addHook('onRequest', (req, _reply, done) => store.run({ requestId: req.id }, done));
  app.addHook('preHandler', (req, _reply, done) => store.run({ requestId: req.id }, done));
}
