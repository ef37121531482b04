import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorComponent, errorResponse, ERROR_SCHEMA, operationFacts, type OperationFacts } from './openapi-operations';
import type { App } from './types';

/**
 * The API describes itself from the zod schemas every route already declares (decision 039): JSON at
 * /api/openapi.json, a browsable reference at /api/docs. Nothing is written twice, so it cannot drift.
 */

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** What each route declared, by `METHOD url`, so a test can prove none goes undocumented (decision 039). */
export interface DeclaredSchema {
  body: boolean;
  params: boolean;
  querystring: boolean;
  /** Status codes with a reply schema. */
  responses: string[];
  /** The schemas themselves, so a test can prove the shared route table names the very ones the route uses (decision 070). */
  schemas: RouteSchemas;
}

export interface RouteSchemas {
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeSchemas: Map<string, DeclaredSchema>;
  }
}

/** Routes that serve the reference itself: static files and the spec, readable by anyone (it holds no data). */
const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * The reference is for the people and tools of a site: the platform operator's routes (/api/admin,
 * /api/super-admin) and the process probes (/healthz, /readyz, /metrics) are left out of it.
 */
const isListed = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/auth/')) &&
  !isDocsRoute(url) &&
  url !== OPENAPI_PATH &&
  !url.startsWith('/api/admin/') &&
  !url.startsWith('/api/super-admin/') &&
  url !== '/api/auth/super-admin-change-password';

/** The first path segment after /api names the group a route is listed under in the reference. */
/**
 * Swagger UI's sections: a path's first segment, with the segments of one subject put together. One section per
 * segment made 36, and past about 34 sections Swagger UI 5 stopped drawing after the tenth operation (with 100
 * operations it stopped anyway; the sections now start folded, see `registerOpenApi`).
 */
const TAG_GROUPS: Record<string, string> = {
  'leave-requests': 'time-off',
  'leave-approvers': 'time-off',
  'leave-decision': 'time-off',
  'report-preview': 'reports',
  'generate-pdf': 'reports',
  'email-report': 'reports',
  'report-recipient-lists': 'reports',
  'saved-notifications': 'notifications',
  'notification-settings': 'notifications',
  'test-email': 'notifications',
  'get-or-create-subscription': 'subscription',
  stripe: 'subscription',
  'public-holidays': 'holidays',
  'holiday-catalogue': 'holidays',
  'switch-site': 'sites',
  'day-changes': 'calendar',
  'day-explain': 'calendar',
  absences: 'exceptions',
  'coverage-rules': 'coverage',
  import: 'import-export',
  export: 'import-export',
};
const tagOf = (url: string) => {
  const segment = url.split('/')[url.startsWith('/api/') ? 2 : 1] || 'app';
  return TAG_GROUPS[segment] ?? segment;
};

/**
 * Call before any route is registered: the spec collects routes as they are added. Swagger UI's routes
 * are made public here, by an onRoute hook added ahead of the app's route table, so the table and the
 * access gate see them declared like every other route.
 */
export async function registerOpenApi(app: App, appUrl: string): Promise<void> {
  const routeSchemas = new Map<string, DeclaredSchema>();
  app.decorate('routeSchemas', routeSchemas);
  // By `METHOD /openapi/{path}`: each operation's security and error answers, written in by transformObject.
  const facts = new Map<string, OperationFacts>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: string };
    if (isDocsRoute(route.url) && !config.access) route.config = { ...config, access: 'public' } as RouteOptions['config'];
    const schema = (route.schema ?? {}) as RouteSchemas;
    const declared = {
      body: !!schema.body,
      params: !!schema.params,
      querystring: !!schema.querystring,
      responses: Object.keys(schema.response ?? {}),
      schemas: schema,
    };
    for (const method of [route.method].flat()) {
      routeSchemas.set(`${method} ${route.url}`, declared);
      facts.set(
        `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`,
        operationFacts({ method, url: route.url, config: route.config ?? {}, schema }),
      );
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hoursight API',
        version: '1',
        description:
          'Send an API token (Settings → API Tokens) as `Authorization: Bearer hs_…`. Errors are `{ "message": "…" }`. Dates are `yyyy-MM-dd`. See docs/api.md.',
      },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          apiToken: { type: 'http', scheme: 'bearer', description: 'An API token from Settings → API Tokens' },
          session: { type: 'apiKey', in: 'cookie', name: 'hs_session', description: 'The browser session of a signed-in user' },
        },
      },
      security: [{ apiToken: [] }, { session: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = out.schema ?? {};
      const hidden = (schema as { hide?: boolean }).hide || !isListed(input.url);
      return { ...out, schema: { ...schema, hide: hidden, tags: [tagOf(input.url)] } };
    },
    transformObject: (input) =>
      'openapiObject' in input ? describeOperations(input.openapiObject as OpenApiDocument, facts) : input.swaggerObject,
  });

  // Not awaited: these routes are added once buildApp has installed the route table, so they are listed in it.
  void app.register(async (docs) => {
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The app's Content-Security-Policy already allows what the UI needs: its scripts are files, not inline.
      staticCSP: false,
      theme: { title: 'Hoursight API reference' },
      // BaseLayout: no Swagger top bar, whose "Explore" box would load any other address's spec into this page.
      // Sections start folded: with every operation drawn at once (over a hundred), Swagger UI 5 stopped drawing
      // after the first section; folded, each opens on a click, and the reference reads as a table of contents.
      uiConfig: { layout: 'BaseLayout', validatorUrl: null, deepLinking: true, tryItOutEnabled: false, docExpansion: 'none' },
    });
    docs.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  });
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { security?: unknown; responses?: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Each operation's real security and error answers (decision 070), and the one error body they share. */
function describeOperations(doc: OpenApiDocument, facts: Map<string, OperationFacts>): OpenApiDocument {
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const known = facts.get(`${method.toUpperCase()} ${path}`);
      if (!known) continue;
      operation.security = known.security;
      operation.responses = {
        ...operation.responses,
        ...Object.fromEntries(known.errors.map((status) => [String(status), errorResponse(status, known.html)])),
      };
    }
  }
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, [ERROR_SCHEMA]: errorComponent } };
  return doc;
}
