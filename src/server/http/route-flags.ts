import type { FastifyRequest } from 'fastify';
import type { AccessLevel } from '../auth/access';

/**
 * A refusal by role that needs more than the session to decide: the row the path names (a business-wide
 * exception type is an admin's, another user's digest its owner's) or the site's approvers. It throws the
 * 403; it lets through a path id that is malformed or names no row the caller sees, whose 400 or 404 the
 * route's own validation and lookup then give (decision 105).
 */
export type RouteGuard = (req: FastifyRequest) => Promise<void>;

/*
 * What a route declares in its `config`, read by the hooks in app.ts and by the subscription gate. Here,
 * below both, so the gate does not import app.ts (decision 072).
 */
export interface RouteFlags {
  /**
   * The access level every /api and /auth route declares: public (no session), user (signed in), writer
   * (signed in, not read-only), admin (site admin). The one onRequest hook enforces it before validation;
   * building the app fails for a route without one (decision record 015).
   */
  access?: AccessLevel;
  /**
   * A mutating writer/admin route that keeps working while the site's trial has expired (the subscription
   * and payment calls): see `modules/subscriptions/gate.ts`.
   */
  billingExempt?: boolean;
  /**
   * A public POST that other sites' servers send on a person's behalf (a mail provider's RFC 8058
   * one-click unsubscribe): skips the origin check of `http/security.ts`. It must need no session.
   */
  crossSiteForm?: boolean;
  /**
   * Refusals the handler gives of its own, beyond what the access level, the schemas and the hooks imply
   * (a wrong password 401, a rate limit 429, an account that exists 409, payments off 503). Declared beside
   * the code that answers them, so the OpenAPI document lists them (decision 070).
   */
  refusals?: readonly number[];
  /**
   * Run by an onRequest hook right after the level and the trial gate, before the body is parsed or validated,
   * so every refusal by role answers 403 before any 400, 404 or 415 (decision 105). The service keeps its own check.
   */
  guard?: RouteGuard;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the flags into every route's config
  interface FastifyContextConfig extends RouteFlags {}
}
