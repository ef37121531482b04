import type { AddressInfo } from 'node:net';
import { roleBadges } from '../shared/contracts/users';

/**
 * What `npm start` prints once the server listens (decision 116): the address it really bound (after `listen`,
 * so `PORT=0` shows the port the system chose and `HOST` the interface), and on a demo database every demo site,
 * `Demo Large` included once `npm run seed:large` has added it, with who signs in to each.
 */

export interface DemoSiteSignIns {
  name: string;
  subdomain: string;
  /** The demo users who reach the site: from their home site, or through a grant (the site switcher). */
  users: { email: string; isAdmin: boolean; isReadOnly: boolean; isStaff: boolean; granted: boolean }[];
}

export interface BannerInput {
  /** `server.address()` after listen. */
  address: AddressInfo | string | null;
  databaseKind: string;
  readySeconds: number;
  demo: { password: string; sites: DemoSiteSignIns[]; superAdmin: string | null } | null;
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

/** The address to open in a browser, and the one bound: a wildcard bind is opened as localhost. */
export function boundAddress(address: BannerInput['address']): { url: string; listening: string; host: string } {
  if (address === null) return { url: 'http://localhost', listening: 'unknown', host: 'localhost' };
  if (typeof address === 'string') return { url: address, listening: address, host: 'localhost' };
  const ip = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  const listening = `${ip}:${address.port}`;
  const host = WILDCARD.has(address.address) ? 'localhost' : ip;
  return { url: `http://${host}:${address.port}`, listening, host };
}

const pad = (text: string, width: number) => (text.length >= width ? `${text} ` : text.padEnd(width));

export function startupBanner(input: BannerInput): string[] {
  const { url, listening, host } = boundAddress(input.address);
  const lines = [
    `Hoursight is running at ${url} (listening on ${listening}; ${input.databaseKind}, ready in ${input.readySeconds.toFixed(1)} s)`,
  ];
  const demo = input.demo;
  if (!demo) return lines;
  const port = typeof input.address === 'object' && input.address ? `:${input.address.port}` : '';
  // Subdomains of localhost reach a site by itself; an IP address has none (decision 084): sign in there with the identifier.
  const siteUrl = (subdomain: string) =>
    host === 'localhost' ? `http://${subdomain}.localhost${port}` : `${url} (site identifier ${subdomain})`;
  lines.push(`Demo sites (every demo sign-in's password is "${demo.password}"; on ${url} an e-mail and password alone are enough):`);
  for (const site of demo.sites) {
    lines.push(`  ${pad(site.name, 12)} ${siteUrl(site.subdomain)}`);
    for (const u of site.users) {
      const role = roleBadges(u).join(', ');
      lines.push(`    ${pad(u.email, 24)} ${role}${u.granted ? ', through the site switcher' : ''}`);
    }
  }
  if (demo.superAdmin) lines.push(`  ${pad(demo.superAdmin, 26)} platform super-admin, at ${url}/admin`);
  return lines;
}
