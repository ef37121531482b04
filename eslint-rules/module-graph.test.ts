import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleCycles, moduleImports } from './module-graph';

/*
 * No cycles between server modules (decision 109): the graph of module → module imports, read from the source,
 * type-only imports included, has no loop. A new one fails here, named with the import that makes each step.
 */

const modules = path.resolve(import.meta.dirname, '../src/server/modules');

describe('server modules', () => {
  // Reading ~250 files and loading TypeScript's scanner can take seconds while the other suites run beside it.
  it('import one another without a cycle', { timeout: 60_000 }, () => {
    expect(moduleCycles(moduleImports(modules))).toEqual([]);
  });
});

describe('the module graph', () => {
  let root: string;
  const files: Record<string, string> = {
    // a → b → c → a, each step another way of importing: a value, a type only, a lazy import().
    'a/service.ts': "import { b } from '../b';\nexport const a = b + 1;\n",
    'a/index.ts': "export { a } from './service';\n",
    'b/index.ts': "import type { C } from '../c/types';\nexport const b: C = 1;\n",
    'c/types.ts': 'export type C = number;\n',
    'c/load.ts': "export const load = () => import('../a');\n",
    // d reaches into the knot and out again (d → a, b → d is not there): not part of it.
    'd/index.ts': "export { a } from '../a';\n",
    // e ↔ f only through a test file: tests reach across, so no cycle.
    'e/index.ts': "import { f } from '../f';\nexport const e = f;\n",
    'f/index.ts': 'export const f = 1;\n',
    'f/f.test.ts': "import { e } from '../e';\nexport const seen = e;\n",
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'module-graph-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads every kind of import between modules, and none inside one or from a test', () => {
    expect(moduleImports(root).map((x) => `${x.file} → ${x.to}`)).toEqual([
      'a/service.ts → b',
      'b/index.ts → c',
      'c/load.ts → a',
      'd/index.ts → a',
      'e/index.ts → f',
    ]);
  });

  it('names a cycle with the import behind each step', () => {
    expect(moduleCycles(moduleImports(root))).toEqual([
      "a → b → c → a (a/service.ts imports '../b'; b/index.ts imports '../c/types'; c/load.ts imports '../a')",
    ]);
  });

  it('names the shortest loop of a larger knot, and the knot', () => {
    const step = (from: string, to: string) => ({ from, to, file: `${from}/x.ts`, source: `../${to}` });
    expect(moduleCycles([step('p', 'q'), step('q', 'p'), step('q', 'r'), step('r', 'q')])).toEqual([
      "p → q → p (p/x.ts imports '../q'; q/x.ts imports '../p'), in a knot of p, q, r",
    ]);
  });
});
