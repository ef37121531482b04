import type { FastifyRequest } from 'fastify';
import type { SuperAdminSession } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Marks a super-admin route: it sits outside the site session (access 'public' to the site gate) and is
     * authenticated by this plugin's own bearer-token hook; 'login' is the one route that needs no token.
     */
    superAdmin?: true | 'login';
  }
  interface FastifyRequest {
    superAdmin: SuperAdminSession | null;
  }
}

/** Route options shared by every super-admin route. */
export const superAdminRoute = { access: 'public', superAdmin: true } as const;

export function currentSuperAdmin(req: FastifyRequest): SuperAdminSession {
  // The scope's hook has already refused a request without one; this only narrows the type.
  return req.superAdmin!;
}
