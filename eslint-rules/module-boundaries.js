/**
 * A server module, src/server/modules/<name>/, is imported through its front door, its index.ts (decision 109).
 * From anywhere outside the module (another module, app.ts, jobs, scripts, tests) an import may name
 * `modules/<name>` or `modules/<name>/index`, nothing deeper; files of the module import their siblings freely.
 * Each relative import is resolved against the importing file, so `./service` inside a module is its own, while
 * `../day-ledger/staff` from another module is not. Type-only imports count: they are part of what a module shows.
 */
import path from 'node:path';

const MODULES = '/src/server/modules/';

/** The module a path is in, its folder, and the rest of the path inside it (`''` for the folder), or null. */
function moduleOf(absolute) {
  const normal = absolute.split(path.sep).join('/');
  const at = normal.lastIndexOf(MODULES);
  if (at === -1) return null;
  const [name, ...rest] = normal.slice(at + MODULES.length).split('/');
  return name ? { name, folder: normal.slice(0, at + MODULES.length + name.length), inner: rest.join('/') } : null;
}

/** How the importing file names the module's folder: `../day-ledger`, `../../src/server/modules/privacy`. */
function specifierOf(fromFile, folder) {
  const relative = path.posix.relative(path.dirname(fromFile).split(path.sep).join('/'), folder);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const FRONT_DOOR = new Set(['', 'index', 'index.ts', 'index.js']);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules are imported through their front door, modules/<name>/index.ts.' },
    schema: [],
    messages: {
      internals:
        "'{{source}}' reaches inside server module '{{module}}'. Import from its front door ('{{frontDoor}}', its index.ts), exporting the piece there if other modules need it, or move the shared piece down into a module both may use.",
    },
  },
  create(context) {
    const own = moduleOf(context.filename);

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(context.filename), source));
      if (!target || FRONT_DOOR.has(target.inner) || (own && own.name === target.name)) return;
      const frontDoor = specifierOf(context.filename, target.folder);
      context.report({ node, messageId: 'internals', data: { source, module: target.name, frontDoor } });
    }

    const literal = (node) => node && node.type === 'Literal' && check(node, node.value);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => literal(node.source),
      // `typeof import('../modules/x/y')` in a type, and `import z = require('../modules/x/y')`.
      TSImportType: (node) => literal(node.source ?? node.argument?.literal),
      TSExternalModuleReference: (node) => literal(node.expression),
    };
  },
};
