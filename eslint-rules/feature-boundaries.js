/**
 * A file under src/web/features/<X>/ may import only from src/shared, src/web/components, src/web/lib,
 * its own feature folder, and packages. Each relative import is resolved against the importing file, so
 * `../dates` from features/calendar/dialogs is the calendar's own, while `../../auth/api` is not.
 */
import path from 'node:path';

const ALLOWED_ROOTS = ['src/shared', 'src/web/components', 'src/web/lib'];

/** The path from the repository root, with forward slashes, or null for a file outside src/. */
function fromRoot(absolute) {
  const normal = absolute.split(path.sep).join('/');
  const at = normal.lastIndexOf('/src/');
  return at === -1 ? null : normal.slice(at + 1);
}

const inside = (file, root) => file === root || file.startsWith(`${root}/`);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Web features import only shared, components, lib and their own folder.' },
    schema: [],
    messages: {
      outside:
        "'{{source}}' is outside feature '{{feature}}'. A feature imports only from src/shared, src/web/components, src/web/lib and its own folder; move what two features need into lib or components.",
    },
  },
  create(context) {
    const file = fromRoot(context.filename);
    const match = file && /^src\/web\/features\/([^/]+)\//.exec(file);
    if (!match) return {};
    const feature = match[1];
    const own = `src/web/features/${feature}`;

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = fromRoot(path.resolve(path.dirname(context.filename), source));
      if (target && (inside(target, own) || ALLOWED_ROOTS.some((root) => inside(target, root)))) return;
      context.report({ node, messageId: 'outside', data: { source, feature } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
