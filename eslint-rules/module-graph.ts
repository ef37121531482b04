import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The graph of server modules (decision 109): module A points at module B when a file of A imports anything of B,
 * statically, through import() or in a type. Test files are left out: they reach across on purpose.
 */

/** One import from one module into another: the importing file (relative to the modules folder) and what it names. */
export interface ModuleImport {
  from: string;
  to: string;
  file: string;
  source: string;
}

const isTest = (name: string) => /\.(test|type-test)\.tsx?$/.test(name);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name) ? [full] : [];
  });
}

/**
 * Every module specifier a file names: imports, re-exports, import() and `import('…')` types. TypeScript's
 * pre-processor scans the text for them without building a syntax tree: a whole parse of every file took 5 to
 * 19 s on a busy machine, the scan a fraction of that.
 */
function specifiers(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

/** The imports from one module into another under `modulesDir` (src/server/modules), in file order. */
export function moduleImports(modulesDir: string): ModuleImport[] {
  const moduleOf = (absolute: string) => {
    const relative = path.relative(modulesDir, absolute);
    return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
  };
  return sourceFiles(modulesDir)
    .sort()
    .flatMap((file) => {
      const from = moduleOf(file)!;
      return specifiers(file).flatMap((source) => {
        if (!source.startsWith('.')) return [];
        const to = moduleOf(path.resolve(path.dirname(file), source));
        return to && to !== from ? [{ from, to, file: path.relative(modulesDir, file).split(path.sep).join('/'), source }] : [];
      });
    });
}

/**
 * The module-level cycles, one line each: the shortest loop through each knot of modules that reach one another
 * (a strongly connected component), with the import that makes each step, e.g.
 * `a → b → a (a/service.ts imports '../b'; b/routes.ts imports '../a/views')`.
 */
export function moduleCycles(imports: readonly ModuleImport[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) {
    const list = next.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    next.set(from, list);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const knot: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      knot.push(member);
    } while (member !== node);
    if (knot.length > 1) knots.push(knot.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);

  return knots
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((knot) => {
      // The shortest loop from the knot's first module back to it, breadth first inside the knot.
      const start = knot[0];
      const cameFrom = new Map<string, string>();
      const queue = [start];
      let last: string | undefined;
      while (queue.length > 0 && last === undefined) {
        const node = queue.shift()!;
        for (const to of next.get(node) ?? []) {
          if (!knot.includes(to)) continue;
          if (to === start) {
            last = node;
            break;
          }
          if (!cameFrom.has(to)) {
            cameFrom.set(to, node);
            queue.push(to);
          }
        }
      }
      const loop = [start];
      for (let node = last!; node !== start; node = cameFrom.get(node)!) loop.splice(1, 0, node);
      loop.push(start);
      const steps = loop.slice(1).map((to, i) => {
        const step = imports.find((x) => x.from === loop[i] && x.to === to)!;
        return `${step.file} imports '${step.source}'`;
      });
      return `${loop.join(' → ')} (${steps.join('; ')})${knot.length > loop.length - 1 ? `, in a knot of ${knot.join(', ')}` : ''}`;
    });
}
