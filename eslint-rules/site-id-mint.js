/**
 * hoursight/site-id-mint: a site id that scopes a tenant query (`ActorSiteId`, and `PermittedSiteId` built
 * on it) is made only in `src/server/auth/access.ts` (decision record 074). Elsewhere:
 * - no cast to either type (`as`, `<T>`, `satisfies`), whatever the wrapping (`as ActorSiteId[]`), nor to
 *   what carries one (`Actor`, `SiteScope`): `{ siteId: 5 } as Actor` would mint one as surely;
 * - each named minting point is used only by the code its name is for: a job's site id is not minted from
 *   a request handler, nor a fixture's from server code.
 * The rule is syntactic: it reads type names and imported names, which is what a cast or an import of the
 * mint writes.
 */
import path from 'node:path';

const GATE = 'src/server/auth/access.ts';
const BRANDS = new Set(['ActorSiteId', 'PermittedSiteId', 'Actor', 'SiteScope']);

/** Each minting point of access.ts and the files (prefixes from the repository root) that may use it. */
export const MINT_USERS = {
  siteIdForJob: [
    'src/server/modules/data-maintenance/',
    'src/server/modules/notifications/',
    'src/server/modules/coverage/alerts.ts',
    'src/server/modules/subscriptions/reconcile.ts',
    'src/server/modules/day-ledger/repair.ts',
    'src/server/jobs/',
  ],
  siteIdForFeed: ['src/server/modules/feeds/'],
  siteIdForSignedLink: ['src/server/modules/leave-requests/links.ts'],
  siteIdForStripeEvent: ['src/server/modules/subscriptions/webhooks.ts'],
  siteIdForPlatformOperator: ['src/server/modules/super-admin/'],
  siteIdForFixture: ['tests/', 'scripts/', 'src/server/seed.ts', 'src/server/auth/site-id.type-test.ts'],
};

const fromRoot = (cwd, file) => path.relative(cwd, path.resolve(cwd, file)).split(path.sep).join('/');

/** True when a type annotation names a brand anywhere inside it (`ActorSiteId`, `ActorSiteId[]`, `X | ActorSiteId`). */
function namesBrand(node) {
  if (!node || typeof node !== 'object') return false;
  if (node.type === 'TSTypeReference') {
    const name = node.typeName.type === 'Identifier' ? node.typeName.name : node.typeName.right?.name;
    if (BRANDS.has(name)) return true;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value) ? value.some(namesBrand) : value && typeof value.type === 'string' && namesBrand(value)) return true;
  }
  return false;
}

export const siteIdMintRule = {
  meta: {
    type: 'problem',
    docs: { description: 'ActorSiteId is minted only by auth/access.ts, each minting point only where its name says' },
    messages: {
      cast: 'Only src/server/auth/access.ts makes an ActorSiteId (or an Actor or SiteScope carrying one): take actor.siteId, or add a named minting point there saying why (decision 074).',
      mint: '{{name}} is for {{users}} only: a site id from anywhere else needs its own minting point in src/server/auth/access.ts (decision 074).',
    },
    schema: [],
  },
  create(context) {
    const file = fromRoot(context.cwd, context.filename);
    if (file === GATE) return {};
    const allowed = (name) => MINT_USERS[name].some((prefix) => file === prefix || (prefix.endsWith('/') && file.startsWith(prefix)));
    const checkMint = (node, name) => {
      if (!Object.hasOwn(MINT_USERS, name) || allowed(name)) return;
      context.report({ node, messageId: 'mint', data: { name, users: MINT_USERS[name].join(', ') } });
    };
    const checkCast = (node) => {
      if (namesBrand(node.typeAnnotation)) context.report({ node, messageId: 'cast' });
    };
    return {
      TSAsExpression: checkCast,
      TSTypeAssertion: checkCast,
      TSSatisfiesExpression: checkCast,
      ImportSpecifier(node) {
        checkMint(node, node.imported.type === 'Identifier' ? node.imported.name : node.imported.value);
      },
      // `access.siteIdForJob(…)` through a namespace import.
      MemberExpression(node) {
        if (!node.computed && node.property.type === 'Identifier') checkMint(node, node.property.name);
      },
    };
  },
};
