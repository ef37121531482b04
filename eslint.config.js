import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import siteScope from './eslint-rules/site-scope.js';
import featureBoundaries from './eslint-rules/feature-boundaries.js';
import moduleBoundaries from './eslint-rules/module-boundaries.js';
import pendingButton from './eslint-rules/pending-button.js';
import dateDisplay from './eslint-rules/date-display.js';

/** The project's own rules, as one plugin (ESLint refuses two plugins of one name). */
const hoursight = {
  rules: {
    ...siteScope.rules,
    'feature-boundaries': featureBoundaries,
    'module-boundaries': moduleBoundaries,
    'pending-button': pendingButton,
    'date-display': dateDisplay,
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.test-data/**', 'node_modules/**', 'src/server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Hooks and components live in the web app. The plugin's rules run the React Compiler's analysis on every
    // file they see, three quarters of the lint's time, so the server, scripts and tests are left out.
    files: ['src/web/**/*.{ts,tsx}', 'scripts/bench/render-page/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // No import cycles in src (decision record 072): a module's imports must not lead back to it, statically or
    // through import(). Type-only imports are erased before run time and the rule skips them.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The layers of docs/architecture.md ("Layers"), lowest first: shared; server db; auth; the modules, live,
    // jobs and the rest; app.ts; main.ts. Nothing imports upward, type-only imports included (decision 072).
    // Tests, which reach across layers on purpose, are left out.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.type-test.ts', 'src/server/main.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are read from here, not from where ESLint was started.
          basePath: import.meta.dirname,
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'src/shared is imported by the server and the web app, never the reverse.',
            },
            {
              target: './src/web',
              from: './src/server',
              message: 'The web app talks to the server over HTTP; shared code goes in src/shared.',
            },
            { target: './src/server', from: './src/web', message: 'The server never imports the web app; shared code goes in src/shared.' },
            {
              target: './src/server/db',
              from: [
                './src/server/auth',
                './src/server/modules',
                './src/server/live',
                './src/server/http',
                './src/server/jobs',
                './src/server/mail',
                './src/server/ops',
                './src/server/rate-limit',
                './src/server/app.ts',
                './src/server/seed.ts',
              ],
              message: 'The database layer is below the features: pass what it needs in, or move the shared piece down.',
            },
            {
              target: './src/server/auth',
              from: ['./src/server/live', './src/server/modules'],
              message: 'The access gate is below live and the modules: take what it needs as an argument or a type it declares.',
            },
            {
              target: './src/server',
              from: './src/server/app.ts',
              message: 'Only main.ts (and tests) build the app; share a type through src/server/http instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tenant scope is structural: site-column conditions only in the access gate (decision record 015).
    // The platform portal (super-admin) reads every business by design, behind its own bearer-token gate
    // in one plugin scope that never sees a site session (decision record 021).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/auth/access.ts', 'src/server/db/schema/**', 'src/server/seed.ts', 'src/server/modules/super-admin/**'],
    plugins: { hoursight },
    rules: { 'hoursight/site-scope': 'error' },
  },
  {
    // A site id that scopes a tenant query is minted only in the access gate, and each named minting point is
    // used only where its name says (decision record 074): the portal, the seed, tests and scripts included.
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    plugins: { hoursight },
    rules: { 'hoursight/site-id-mint': 'error' },
  },
  {
    // One day ledger (decision 076): only src/server/modules/day-ledger writes day_changes or takes the hours
    // locks. Data maintenance may delete old rows (retention), which changes no day's hours.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/modules/day-ledger/**', 'src/server/**/*.test.ts', 'src/server/db/schema/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(insert|update)$/][arguments.0.name='dayChanges']",
          message: 'Only the day ledger (modules/day-ledger) writes day_changes: call recordDays, refreshRecorded or changeHistory.',
        },
        {
          selector: 'TemplateElement[value.raw=/hoursight_lock_site_days|pg_advisory_xact_lock\\(\\s*\\$?\\{?LOCK_CLASS/]',
          message: 'Only the day ledger takes the hours locks: use lock or lockSql from modules/day-ledger.',
        },
        {
          selector: 'TemplateElement[value.raw=/day_changes/][value.raw=/insert|update/i]',
          message: 'Only the day ledger (modules/day-ledger) writes day_changes.',
        },
        // One read entry (decision 110): the engine runs on the server only over facts the ledger read.
        {
          selector:
            'ImportDeclaration[source.value=/shared\\/domain\\/(availability|prepared-exceptions)$/] > ImportSpecifier[imported.name=/^(computeAvailability|prepareExceptions|prepareFlatSpans)$/]',
          message:
            'Only the day ledger runs the hours engine on the server: read the days with readSiteDays/readOneSite and take figures from siteHours (modules/day-ledger/read.ts).',
        },
      ],
    },
  },
  {
    // A feature imports only from src/shared, src/web/components, src/web/lib and its own folder
    // (docs/architecture.md): what two features need moves into lib or components.
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { hoursight },
    rules: { 'hoursight/feature-boundaries': 'error' },
  },
  {
    // A server module is imported through its front door, modules/<name>/index.ts (decision 109): by other modules,
    // app.ts, jobs, the seed, scripts and tests alike; a module's own files import each other freely. Cycles between
    // modules are refused by eslint-rules/module-graph.test.ts.
    files: ['src/server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts'],
    plugins: { hoursight },
    rules: { 'hoursight/module-boundaries': 'error' },
  },
  {
    // A button whose work is running stays focusable: PendingButton, never disabled={…pending…} (decision 079).
    plugins: { hoursight },
    rules: { 'hoursight/pending-button': 'error' },
  },
  {
    // Dates for people are written by src/shared/format only (decision 114): no locale formatting of dates in the web
    // app, the server's mails and pages, or shared code, but for the rule's own list of non-display uses.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { hoursight },
    rules: { 'hoursight/date-display': 'error' },
  },
);
