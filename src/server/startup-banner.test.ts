import { describe, expect, it } from 'vitest';
import { boundAddress, startupBanner, type DemoSiteSignIns } from './startup-banner';

const admin = { email: 'admin@demo.example', isAdmin: true, isReadOnly: false, isStaff: false };
const sites: DemoSiteSignIns[] = [
  {
    name: 'Demo',
    subdomain: 'demo',
    users: [
      { ...admin, granted: false },
      { email: 'user@demo.example', isAdmin: false, isReadOnly: false, isStaff: false, granted: false },
      { email: 'viewer@demo.example', isAdmin: false, isReadOnly: true, isStaff: false, granted: false },
      { email: 'staff@demo.example', isAdmin: false, isReadOnly: true, isStaff: true, granted: false },
    ],
  },
  { name: 'Demo North', subdomain: 'demo-north', users: [{ ...admin, granted: true }] },
  { name: 'Demo Large', subdomain: 'demo-large', users: [{ ...admin, granted: true }] },
];

describe('the start-up banner (decision 116)', () => {
  it('opens a wildcard bind as localhost and says what is bound', () => {
    expect(boundAddress({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toEqual({
      url: 'http://localhost:3000',
      listening: '0.0.0.0:3000',
      host: 'localhost',
    });
    expect(boundAddress({ address: '::', family: 'IPv6', port: 4100 })).toEqual({
      url: 'http://localhost:4100',
      listening: '[::]:4100',
      host: 'localhost',
    });
    expect(boundAddress({ address: '192.168.1.20', family: 'IPv4', port: 8080 })).toEqual({
      url: 'http://192.168.1.20:8080',
      listening: '192.168.1.20:8080',
      host: '192.168.1.20',
    });
    expect(boundAddress({ address: '::1', family: 'IPv6', port: 3000 }).url).toBe('http://[::1]:3000');
  });

  it('lists every demo site with its address and sign-ins, Demo Large included', () => {
    const lines = startupBanner({
      address: { address: '0.0.0.0', family: 'IPv4', port: 3000 },
      databaseKind: 'pglite',
      readySeconds: 2.34,
      demo: { password: 'hoursight-demo', sites, superAdmin: 'superadmin@demo.example' },
    });
    expect(lines).toEqual([
      'Hoursight is running at http://localhost:3000 (listening on 0.0.0.0:3000; pglite, ready in 2.3 s)',
      'Demo sites (every demo sign-in\'s password is "hoursight-demo"; on http://localhost:3000 an e-mail and password alone are enough):',
      '  Demo         http://demo.localhost:3000',
      '    admin@demo.example       Admin',
      '    user@demo.example        User',
      '    viewer@demo.example      Read Only',
      '    staff@demo.example       Staff',
      '  Demo North   http://demo-north.localhost:3000',
      '    admin@demo.example       Admin, through the site switcher',
      '  Demo Large   http://demo-large.localhost:3000',
      '    admin@demo.example       Admin, through the site switcher',
      '  superadmin@demo.example    platform super-admin, at http://localhost:3000/admin',
    ]);
  });

  it('on an IP address names each site by its identifier, and without a demo prints one line', () => {
    const lines = startupBanner({
      address: { address: '10.0.0.5', family: 'IPv4', port: 3000 },
      databaseKind: 'postgres',
      readySeconds: 1,
      demo: { password: 'hoursight-demo', sites: sites.slice(1, 2), superAdmin: null },
    });
    expect(lines).toEqual([
      'Hoursight is running at http://10.0.0.5:3000 (listening on 10.0.0.5:3000; postgres, ready in 1.0 s)',
      'Demo sites (every demo sign-in\'s password is "hoursight-demo"; on http://10.0.0.5:3000 an e-mail and password alone are enough):',
      '  Demo North   http://10.0.0.5:3000 (site identifier demo-north)',
      '    admin@demo.example       Admin, through the site switcher',
    ]);
    expect(
      startupBanner({
        address: { address: '127.0.0.1', family: 'IPv4', port: 3900 },
        databaseKind: 'pglite',
        readySeconds: 0.5,
        demo: null,
      }),
    ).toEqual(['Hoursight is running at http://127.0.0.1:3900 (listening on 127.0.0.1:3900; pglite, ready in 0.5 s)']);
  });
});
