/**
 * Where a new site is reached, for the register form's hint. A site's address is its identifier before the
 * app's host (`acme.example.com`), but an IP address has no subdomains: there the site is chosen by the
 * identifier on the sign-in form (the server reads no site from an IP host either).
 */
export function siteAddress(identifier: string, host: string): { kind: 'subdomain' | 'identifier'; host: string } {
  const hostname = host.replace(/:\d+$/, '');
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
  return isIp ? { kind: 'identifier', host } : { kind: 'subdomain', host: `${identifier}.${host}` };
}
