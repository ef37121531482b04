import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript ESLint rule without type declarations
import rule from './module-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const leaveService = '/repo/src/server/modules/leave-requests/service.ts';
const reportsPdf = '/repo/src/server/modules/reports/pdf/render.ts';
const app = '/repo/src/server/app.ts';
const job = '/repo/src/server/jobs/background.ts';
const script = '/repo/scripts/bench/reports.ts';
const test = '/repo/tests/integration/digests.int.test.ts';
/** The one error an invalid case gives: the specifier, the module it reaches into, and how the file names its front door. */
const internals = (source: string, module: string, frontDoor: string) => [{ messageId: 'internals', data: { source, module, frontDoor } }];

tester.run('module-boundaries', rule, {
  valid: [
    // The module's own files, however deep.
    { filename: leaveService, code: "import { oneRequest } from './views';" },
    { filename: reportsPdf, code: "import { reportTitle } from '../service';" },
    { filename: '/repo/src/server/modules/reports/service.ts', code: "import { reportPdf } from './pdf/render';" },
    // Another module through its front door, by folder or by index.
    { filename: leaveService, code: "import { spanGuard, type CoverageGuard } from '../coverage';" },
    { filename: leaveService, code: "import { readDays } from '../day-ledger/index';" },
    { filename: leaveService, code: "export { currentApprovers } from '../leave-approvers';" },
    { filename: leaveService, code: "const ledger = () => import('../day-ledger');" },
    // Outside the modules: app.ts, jobs, scripts and tests use front doors as well.
    { filename: app, code: "import { registerCalendarReadRoutes, CalendarCache } from './modules/calendar';" },
    { filename: job, code: "import { runDueDigests } from '../modules/notifications';" },
    { filename: script, code: "import { reportPdf } from '../../src/server/modules/reports';" },
    { filename: test, code: "import { runDueDigests } from '../../src/server/modules/notifications/index';" },
    // Everything else: lower layers, packages.
    { filename: leaveService, code: "import { inSite } from '../../auth/access';" },
    { filename: leaveService, code: "import { eq } from 'drizzle-orm';" },
    { filename: app, code: "import { registerRateLimits } from './rate-limit/plugin';" },
  ],
  invalid: [
    {
      filename: leaveService,
      code: "import { contractHoursColumns } from '../day-ledger/staff';",
      errors: internals('../day-ledger/staff', 'day-ledger', '../day-ledger'),
    },
    {
      filename: leaveService,
      code: "import type { CoverageGuard } from '../coverage/guard';",
      errors: internals('../coverage/guard', 'coverage', '../coverage'),
    },
    {
      filename: leaveService,
      code: "export { listRequests } from '../calendar/service';",
      errors: internals('../calendar/service', 'calendar', '../calendar'),
    },
    {
      filename: leaveService,
      code: "export * from '../calendar/service';",
      errors: internals('../calendar/service', 'calendar', '../calendar'),
    },
    {
      filename: leaveService,
      code: "const pdf = () => import('../reports/pdf/render');",
      errors: internals('../reports/pdf/render', 'reports', '../reports'),
    },
    {
      filename: leaveService,
      code: "type Pdf = typeof import('../reports/pdf/render');",
      errors: internals('../reports/pdf/render', 'reports', '../reports'),
    },
    {
      filename: reportsPdf,
      code: "import { toExceptionView } from '../../exceptions/views';",
      errors: internals('../../exceptions/views', 'exceptions', '../../exceptions'),
    },
    {
      filename: app,
      code: "import { registerAuthRoutes } from './modules/auth/routes';",
      errors: internals('./modules/auth/routes', 'auth', './modules/auth'),
    },
    {
      filename: job,
      code: "import { runDueDigests } from '../modules/notifications/sender';",
      errors: internals('../modules/notifications/sender', 'notifications', '../modules/notifications'),
    },
    {
      filename: script,
      code: "import { reportPdf } from '../../src/server/modules/reports/pdf/render';",
      errors: internals('../../src/server/modules/reports/pdf/render', 'reports', '../../src/server/modules/reports'),
    },
    {
      filename: test,
      code: "import { cachedStaff } from '../../src/server/modules/day-ledger/staff-cache';",
      errors: internals('../../src/server/modules/day-ledger/staff-cache', 'day-ledger', '../../src/server/modules/day-ledger'),
    },
  ],
});

/* The project's own eslint.config.js applies the rule to the server, scripts and tests (decision 109). */
describe('eslint.config.js', { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });
  }, 60_000);
  const ruleMessages = async (text: string, file: string) =>
    (await eslint.lintText(text, { filePath: path.resolve(import.meta.dirname, '..', file) }))[0].messages
      .filter((m) => m.ruleId === 'hoursight/module-boundaries')
      .map((m) => m.message);

  it.each([
    ["import { lock } from '../day-ledger/locks';\nexport const held = lock;\n", 'src/server/modules/notes/service.ts'],
    ["import { lock } from '../modules/day-ledger/locks';\nexport const held = lock;\n", 'src/server/jobs/held.ts'],
    ["import { lock } from '../src/server/modules/day-ledger/locks';\nexport const held = lock;\n", 'scripts/held.ts'],
    ["import { lock } from '../../src/server/modules/day-ledger/locks';\nexport const held = lock;\n", 'tests/integration/held.ts'],
  ])('refuses %j in %s', async (text, file) => {
    expect(await ruleMessages(text, file)).toEqual([
      expect.stringMatching(/^'.*day-ledger\/locks' reaches inside server module 'day-ledger'/),
    ]);
  });
});
