/**
 * Site identifiers (subdomains): what registration accepts, as pure rules shared by the form and the server.
 * An identifier becomes the first label of the site's host name (`acme.example.com`), so it follows DNS
 * label rules: lower-case letters, digits and hyphens, not starting or ending with a hyphen.
 */

export const SUBDOMAIN_MIN = 2;
export const SUBDOMAIN_MAX = 50;

/**
 * Names kept for the product itself: hosts it serves, the web app's page paths (a unit test checks them
 * against the router), or words a visitor could mistake for it. The server also refuses every word of its
 * own route paths, taken from the routes as they are registered (decision 067).
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'apps',
  'assets',
  'auth',
  'billing',
  'blog',
  'cdn',
  'dashboard',
  'dev',
  'docs',
  'email',
  'ftp',
  'help',
  'hoursight',
  'imap',
  'img',
  'images',
  'internal',
  'localhost',
  'login',
  'logout',
  'mail',
  'media',
  'mx',
  'ns1',
  'ns2',
  'pop',
  'portal',
  'register',
  'reset-password',
  'root',
  'secure',
  'security',
  'signin',
  'signup',
  'smtp',
  'stage',
  'staging',
  'static',
  'status',
  'super-admin',
  'superadmin',
  'support',
  'system',
  'test',
  'webmail',
  'www',
  // Server hosts and paths a proxy or a person may address by name.
  'feeds',
  'healthz',
  'metrics',
  'openapi',
  'readyz',
  // The web app's pages.
  'calendar',
  'capacity',
  'employees',
  'exception-types',
  'forgot-password',
  'reports',
  'requests',
  'settings',
  'subscribe',
  'subscription',
  'time-off',
  'user-management',
]);

export const subdomainMessages = {
  required: 'Site identifier required',
  tooShort: `Site identifier must be at least ${SUBDOMAIN_MIN} characters`,
  tooLong: `Site identifier must be at most ${SUBDOMAIN_MAX} characters`,
  spaces: 'Site identifier cannot contain spaces',
  characters: 'Site identifier may contain only lower-case letters, digits and hyphens',
  hyphenEdge: 'Site identifier cannot start or end with a hyphen',
  reserved: 'That site identifier is reserved. Please choose another.',
  taken: 'That site identifier is already taken. Please choose another.',
} as const;

/** Trims and lower-cases what was typed: `Acme-North ` is accepted as `acme-north`. */
export const normaliseSubdomain = (raw: string) => raw.trim().toLowerCase();

/** The first rule a normalised identifier breaks, as a message for the user; null when it is acceptable. */
export function subdomainProblem(value: string): string | null {
  if (value.length === 0) return subdomainMessages.required;
  if (/\s/.test(value)) return subdomainMessages.spaces;
  if (!/^[a-z0-9-]+$/.test(value)) return subdomainMessages.characters;
  if (value.length < SUBDOMAIN_MIN) return subdomainMessages.tooShort;
  if (value.length > SUBDOMAIN_MAX) return subdomainMessages.tooLong;
  if (value.startsWith('-') || value.endsWith('-')) return subdomainMessages.hyphenEdge;
  if (RESERVED_SUBDOMAINS.has(value)) return subdomainMessages.reserved;
  return null;
}

export const isReservedSubdomain = (value: string) => RESERVED_SUBDOMAINS.has(normaliseSubdomain(value));

/** Spec 02 §5: lower-cased name, non-alphanumerics to single hyphens, trimmed, then `-` and the time's last six digits. */
export function subdomainFromName(name: string, nowMs: number): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const suffix = String(nowMs).slice(-6);
  // 50 is the column's limit: the name part gives way, never the suffix.
  const head = base.slice(0, 50 - 7).replace(/-+$/, '');
  return head ? `${head}-${suffix}` : suffix;
}
