/**
 * hoursight/site-scope: a query condition on a site column (`siteId`, `site_id`, and the sites table's own
 * `sites.id`) is written only in `src/server/auth/access.ts` (`inSite`, `inSiteId`, `siteJoin`), so every
 * tenant filter goes through the one gate. A deliberate cross-site read elsewhere lives in a function named
 * `unsafe…`, with a comment saying why; the rule lets those through so review can find them by name
 * (decision records 015 and 074).
 */
import { siteIdMintRule } from './site-id-mint.js';

const SITE_COLUMN = /^(siteId|site_id)$/;
const SITE_SQL = /\bsite_id\b/;
const COMPARISONS = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'inArray', 'notInArray', 'isNull', 'isNotNull', 'between']);

const isSiteColumn = (node) =>
  node?.type === 'MemberExpression' &&
  !node.computed &&
  node.property.type === 'Identifier' &&
  (SITE_COLUMN.test(node.property.name) ||
    (node.property.name === 'id' && node.object.type === 'Identifier' && node.object.name === 'sites'));

function functionName(fn) {
  if (fn.id?.name) return fn.id.name;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key.type === 'Identifier') return parent.key.name;
  return undefined;
}

function insideUnsafe(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (/Function/.test(n.type) && /^unsafe[A-Z]/.test(functionName(n) ?? '')) return true;
  }
  return false;
}

export const siteScopeRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Site-column conditions only through auth/access.ts or a named unsafe… helper' },
    messages: {
      compare:
        'Compare a site column only through auth/access.ts (inSite, inSiteId, siteJoin) or inside a function named unsafe… with a comment saying why.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee.type === 'Identifier' ? node.callee.name : undefined;
        if (!callee || !COMPARISONS.has(callee)) return;
        if (!node.arguments.some(isSiteColumn) || insideUnsafe(node)) return;
        context.report({ node, messageId: 'compare' });
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        if (!node.quasi.quasis.some((q) => SITE_SQL.test(q.value.raw)) || insideUnsafe(node)) return;
        context.report({ node, messageId: 'compare' });
      },
    };
  },
};

export default { rules: { 'site-scope': siteScopeRule, 'site-id-mint': siteIdMintRule } };
