import { isReservedSubdomain, subdomainMessages, subdomainProblem } from '../../shared/domain/subdomain';

/**
 * Every word of the server's own paths (`feeds`, `metrics`, `healthz`, `api`, `calendar-feeds`...) is
 * reserved as a site identifier, on top of the hand-kept host words of RESERVED_SUBDOMAINS (decision 067).
 * The words are taken from each route as it is registered, so a new route's word is reserved with no list
 * to remember. Identical for every app this process builds, hence kept once per process.
 */
const words = new Set<string>();

/** The literal words of a route path: parameters and wildcards dropped, a file extension cut off. */
export function wordsOfRoute(url: string): string[] {
  return url
    .split('/')
    .filter((seg) => seg && !seg.startsWith(':') && !seg.includes('*'))
    .map((seg) => seg.split('.')[0].toLowerCase())
    .filter((word) => /^[a-z0-9-]+$/.test(word));
}

/** Called from app.ts's onRoute hook for every route registered. */
export function reserveRouteWords(url: string): void {
  for (const word of wordsOfRoute(url)) words.add(word);
}

export const isRouteWord = (value: string) => words.has(value);

/** Whether a name may never be a site: a host word or a word of a route. */
export const isReservedIdentifier = (value: string) => isReservedSubdomain(value) || words.has(value);

/** The identifier rules of the shared form plus the route words, as the user-facing message; null when free. */
export function identifierProblem(normalised: string): string | null {
  return subdomainProblem(normalised) ?? (words.has(normalised) ? subdomainMessages.reserved : null);
}
