import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the flat config is plain JavaScript without type declarations
import config from '../eslint.config.js';

/*
 * The project's own eslint.config.js run on a few small files laid out like src/, so a change to the config
 * that lets an import cycle or an upward import through fails here (decision 072).
 */
const files: Record<string, string> = {
  // A runtime cycle: each imports a value of the other.
  'src/shared/domain/ping.ts': "import { pong } from './pong';\nexport const ping = (): string => pong();\n",
  'src/shared/domain/pong.ts': "import { ping } from './ping';\nexport const pong = (): string => typeof ping;\n",
  // A cycle closed by a lazy import() counts as well: it ties the two chunks together.
  'src/web/app/Shell.tsx': "import { loadPage } from './loaders';\nexport const Shell = () => loadPage;\n",
  'src/web/app/loaders.ts': "export const loadPage = () => import('./Shell');\n",
  // Types only in one direction: erased before run time, not a cycle.
  'src/shared/domain/shape.ts': "import type { Area } from './area';\nexport interface Shape { area: Area }\nexport const unit = 1;\n",
  'src/shared/domain/area.ts': "import { unit } from './shape';\nexport type Area = number;\nexport const zero = unit - 1;\n",
  // Layers: each file below imports one a layer up.
  'src/server/app.ts': 'export const buildApp = (): number => 1;\n',
  'src/server/main.ts': "import { buildApp } from './app';\nexport const started = buildApp();\n",
  'src/server/live/bus.ts': 'export interface Bus { up: boolean }\n',
  'src/server/modules/notes/service.ts': 'export const listNotes = (): string[] => [];\n',
  'src/server/modules/notes/routes.ts': "import { buildApp } from '../../app';\nexport const app = buildApp();\n",
  'src/server/modules/notes/index.ts': "export { listNotes } from './service';\n",
  'src/server/db/notes-seed.ts': "import { listNotes } from '../modules/notes';\nexport const seeded = listNotes();\n",
  'src/server/auth/bus-check.ts': "import type { Bus } from '../live/bus';\nexport const isUp = (bus: Bus): boolean => bus.up;\n",
  'src/web/lib/format.ts': 'export const shout = (text: string): string => text.toUpperCase();\n',
  'src/shared/domain/label.ts': "import { shout } from '../../web/lib/format';\nexport const label = shout('hours');\n",
};

let root: string;
let eslint: ESLint;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  // The layer zones are read relative to the config's folder: the same block, its zones read from this tree.
  const layers = (config as Linter.Config[]).find((block) => block.rules?.['import-x/no-restricted-paths']);
  const [level, options] = layers!.rules!['import-x/no-restricted-paths'] as [Linter.RuleSeverity, object];
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.resolve(import.meta.dirname, '../eslint.config.js'),
    overrideConfig: { ...layers, rules: { 'import-x/no-restricted-paths': [level, { ...options, basePath: root }] } },
  });
  // Loading the config and its plugins takes seconds on a busy machine: done once here, not in the first test.
  return eslint.calculateConfigForFile(path.join(root, 'src/shared/domain/ping.ts'));
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function messages(name: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([path.join(root, name)]);
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import-x/no-cycle in src', { timeout: 30_000 }, () => {
  it('refuses two modules that import each other', async () => {
    expect(await messages('src/shared/domain/ping.ts')).toEqual(['import-x/no-cycle: Dependency cycle detected']);
    expect(await messages('src/shared/domain/pong.ts')).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });

  it('refuses a cycle closed by a dynamic import', async () => {
    expect(await messages('src/web/app/Shell.tsx')).toEqual(['import-x/no-cycle: Dependency cycle detected']);
    expect(await messages('src/web/app/loaders.ts')).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });

  it('lets a type-only import point back', async () => {
    expect(await messages('src/shared/domain/shape.ts')).toEqual([]);
    expect(await messages('src/shared/domain/area.ts')).toEqual([]);
  });
});

describe('import-x/no-restricted-paths: the layers', { timeout: 30_000 }, () => {
  const upward = (from: string) =>
    expect.stringMatching(
      new RegExp(`^import-x/no-restricted-paths: Unexpected path "${from.replaceAll('.', '\\.')}" imported in restricted zone`),
    );

  it('refuses the database layer importing a module', async () => {
    expect(await messages('src/server/db/notes-seed.ts')).toEqual([upward('../modules/notes')]);
  });

  it('refuses the access gate importing live, a type-only import included', async () => {
    expect(await messages('src/server/auth/bus-check.ts')).toEqual([upward('../live/bus')]);
  });

  it('refuses app.ts from anywhere in the server but main.ts', async () => {
    expect(await messages('src/server/modules/notes/routes.ts')).toEqual([upward('../../app')]);
    expect(await messages('src/server/main.ts')).toEqual([]);
  });

  it('refuses src/shared importing the web app', async () => {
    expect(await messages('src/shared/domain/label.ts')).toEqual([upward('../../web/lib/format')]);
  });
});
