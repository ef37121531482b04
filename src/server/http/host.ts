import { isReservedIdentifier } from './route-words';

/**
 * The site identifier carried by the request's host, e.g. `acme` from `acme.example.com` or
 * `acme.localhost:3000`. Hosts with no subdomain, IP addresses and reserved names (route words too) give none.
 */

export function siteFromHost(host: string | undefined, appHost: string): string | undefined {
  if (!host) return undefined;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (/^[\d.]+$/.test(name) || name.startsWith('[')) return undefined;
  const base = appHost.replace(/:\d+$/, '').toLowerCase();
  let sub: string | undefined;
  if (name.endsWith('.localhost')) sub = name.slice(0, -'.localhost'.length);
  else if (name !== base && name.endsWith(`.${base}`)) sub = name.slice(0, -(base.length + 1));
  if (!sub || sub.includes('.') || isReservedIdentifier(sub)) return undefined;
  return sub;
}
