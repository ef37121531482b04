import type { TestApp, TestResponse } from './harness';

/**
 * What the route probe asks of an API token (decision 063): every route whose request names a site or a
 * site scope either refuses a token (403: session-only or admin) or answers with the token's site only.
 * A route that takes a scope and has no entry here fails the probe.
 */

/** Field names of a request that choose sites: a scope, a site id, a list of them, an "all sites" switch. */
export const SITE_FIELD = /site/i;

type OpenApi = { paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; requestBody?: unknown }>> };

/** Every property name anywhere in a schema (nested objects, arrays, unions alike). */
function propertyNames(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) propertyNames(n, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') out.push(...Object.keys(value));
      propertyNames(value, out);
    }
  }
  return out;
}

/** "METHOD /path/:param" of each operation whose query or body carries a site-choosing field. */
export function routesTakingASite(doc: OpenApi): string[] {
  const routes: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const names = [
        ...(op.parameters ?? []).filter((p) => (p as { in?: string }).in !== 'path').map((p) => p.name),
        ...propertyNames(op.requestBody),
      ];
      if (names.some((n) => SITE_FIELD.test(n))) routes.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  return routes.sort();
}

export interface TokenProbeContext {
  t: TestApp;
  token: string;
  /** The token's site and another site its creator may use. */
  own: { id: number; name: string };
  other: { id: number; name: string };
  /** Names of the other site's employees: none may appear in an answer. */
  otherNames: string[];
  /** A range holding exceptions of both sites. */
  from: string;
  to: string;
  /** An exception of the token's site (for the edit routes). */
  exceptionId: number;
}

/** A route a token may not use at all (session-only or admin): 403 before the body is read. */
export type TokenProbe = { refused: true } | { check: (c: TokenProbeContext) => Promise<void> };

export const asToken = (
  c: TokenProbeContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => c.t.request(method, url, { body, headers: { authorization: `Bearer ${c.token}`, ...headers } });

/** The answer names the token's site only and none of the other site's staff. */
export function onlyOwnSite(c: TokenProbeContext, res: TestResponse, sitesIncluded?: string[]) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  if (sitesIncluded && JSON.stringify(sitesIncluded) !== JSON.stringify([c.own.name]))
    throw new Error(`sites included: ${JSON.stringify(sitesIncluded)}`);
  const leaked = c.otherNames.filter((n) => res.body.includes(n));
  if (leaked.length) throw new Error(`another site's staff in the answer: ${leaked.join(', ')}`);
}
