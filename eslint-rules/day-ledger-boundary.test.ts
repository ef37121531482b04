import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The project's own eslint.config.js on code placed outside and inside the day ledger (decision 076): a
 * change to the config that lets another module write day_changes or take the hours locks fails here.
 */
const write =
  "import { dayChanges } from '../../db/schema';\nexport const mark = (tx: { insert(t: unknown): unknown }) => tx.insert(dayChanges);\n";
const engine = "import { computeAvailability } from '../../../shared/domain/availability';\nexport const run = computeAvailability;\n";
const lock = "import { sql } from 'drizzle-orm';\nexport const lock = sql`select hoursight_lock_site_days(1, 2, '{}')`;\n";

let eslint: ESLint;
const ruleMessages = async (text: string, file: string) =>
  (await eslint.lintText(text, { filePath: path.resolve(import.meta.dirname, '..', file) }))[0].messages
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);

beforeAll(() => {
  eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });
}, 60_000);

describe('only the day ledger changes hours', { timeout: 60_000 }, () => {
  it('refuses a write of day_changes and an hours lock in another module', async () => {
    expect(await ruleMessages(write, 'src/server/modules/notes/service.ts')).toEqual([
      'Only the day ledger (modules/day-ledger) writes day_changes: call recordDays, refreshRecorded or changeHistory.',
    ]);
    expect(await ruleMessages(lock, 'src/server/modules/notes/service.ts')).toEqual([
      'Only the day ledger takes the hours locks: use lock or lockSql from modules/day-ledger.',
    ]);
  });

  it('refuses the hours engine outside the ledger (decision 110)', async () => {
    expect(await ruleMessages(engine, 'src/server/modules/reports/model.ts')).toEqual([
      'Only the day ledger runs the hours engine on the server: read the days with readSiteDays/readOneSite and take figures from siteHours (modules/day-ledger/read.ts).',
    ]);
    expect(await ruleMessages(engine, 'src/server/modules/day-ledger/read.ts')).toEqual([]);
  });

  it('lets the ledger do both', async () => {
    expect(await ruleMessages(write, 'src/server/modules/day-ledger/store.ts')).toEqual([]);
    expect(await ruleMessages(lock, 'src/server/modules/day-ledger/locks.ts')).toEqual([]);
  });
});
