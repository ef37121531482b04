import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript ESLint rule without type declarations
import rule from './date-display.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});

const web = 'src/web/features/settings/DataSection.tsx';

tester.run('date-display', rule, {
  valid: [
    { code: "import { formatDateTime } from '../../../shared/format';\nformatDateTime(iso);", filename: web },
    // Numbers keep their thousands separators.
    { code: "`${LEAVE_COMMENT_MAX.toLocaleString('en')} characters`", filename: web },
    { code: "length.toLocaleString('en-GB')", filename: web },
    // Reading the browser's zone writes no date.
    { code: "Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'", filename: web },
    { code: 'new Intl.DateTimeFormat().resolvedOptions().timeZone', filename: web },
    { code: "import { addDays, startOfWeek } from 'date-fns';", filename: web },
    // The allowed files: the formatter, time-zone arithmetic, reading imported dates.
    { code: "new Intl.DateTimeFormat('en-GB', { timeZone })", filename: '/work/src/shared/format/dates.ts' },
    {
      code: "new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })",
      filename: 'src/shared/domain/time-zones.ts',
    },
    { code: "new Intl.DateTimeFormat(locale || 'en-GB', { day: 'numeric' })", filename: 'C:\\repo\\src\\shared\\domain\\import-dates.ts' },
  ],
  invalid: [
    {
      code: "new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })",
      filename: web,
      errors: [{ messageId: 'locale', data: { name: 'toLocaleDateString' } }],
    },
    { code: 'd.toLocaleDateString()', filename: web, errors: [{ messageId: 'locale' }] },
    {
      code: "at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone })",
      filename: 'src/web/lib/leave-request-text.ts',
      errors: [{ messageId: 'locale', data: { name: 'toLocaleTimeString' } }],
    },
    {
      code: "new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })",
      filename: web,
      errors: [{ messageId: 'locale', data: { name: 'toLocaleString' } }],
    },
    { code: 'new Date(iso).toLocaleString()', filename: web, errors: [{ messageId: 'locale' }] },
    {
      code: "when.toLocaleString('en-GB', { month: 'long' })",
      filename: 'src/server/modules/reports/mail.ts',
      errors: [{ messageId: 'locale' }],
    },
    { code: "new Intl.DateTimeFormat('en-CA', { year: 'numeric' }).formatToParts(d)", filename: web, errors: [{ messageId: 'intl' }] },
    { code: "Intl.DateTimeFormat('en-GB').format(d)", filename: web, errors: [{ messageId: 'intl' }] },
    {
      code: "import { addDays, format } from 'date-fns';",
      filename: web,
      errors: [{ messageId: 'dateFns', data: { name: 'format' } }],
    },
    { code: "import { format as fmt } from 'date-fns';", filename: 'src/server/modules/x.ts', errors: [{ messageId: 'dateFns' }] },
  ],
});
