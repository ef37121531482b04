import type { FastifyRequest } from 'fastify';
import { ZIdParams } from '../../shared/contracts/common';

/**
 * The `:id` of a request's path as a route guard sees it, before validation (decision 105): parsed by the
 * routes' own `ZIdParams`, so the guard and the route agree on what an id is. Null when it is not one; the
 * route's validation then answers the 400.
 */
export function pathId(req: FastifyRequest): number | null {
  const raw = (req.params as Record<string, unknown> | undefined)?.id;
  const parsed = ZIdParams.shape.id.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
