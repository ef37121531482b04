import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinedTransaction, settled, type Statement } from '../../src/server/db/pipelined';
import type { Database } from '../../src/server/db/client';
import { sites, siteSettings } from '../../src/server/db/schema';
import { LIVE_CHANNEL } from '../../src/server/live/pg-bus';
import { startTestApp, type TestApp } from './harness';

/**
 * The pipelined transaction runner (decision 054) on whichever database the suite runs on: PGlite in
 * `npm test`, PostgreSQL (pipeline mode) in CI's second pass.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The payloads heard on the live channel, on either database, from now until `stop`. */
async function hearLiveChannel(database: Database): Promise<{ heard: unknown[]; stop(): Promise<void> }> {
  const heard: unknown[] = [];
  if (database.pglite) {
    const unlisten = await database.pglite.listen(LIVE_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    return { heard, stop: unlisten };
  }
  const client = new pg.Client(database.pool!.options);
  await client.connect();
  client.on('notification', (n) => heard.push(JSON.parse(n.payload ?? 'null')));
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  return { heard, stop: () => client.end() };
}

const siteName = async (id: number) => (await t.database.db.select({ name: sites.name }).from(sites).where(eq(sites.id, id)))[0]?.name;

describe('pipelined transactions', () => {
  it('runs a batch in the order given: each statement sees the ones before it', async () => {
    const [demo] = await t.database.db.select({ id: sites.id }).from(sites).limit(1);
    const seen = await pipelinedTransaction(t.database.db, async ({ db, batch }) => {
      const [, read, , reread] = await batch(
        db.update(sites).set({ name: 'Renamed once' }).where(eq(sites.id, demo.id)),
        db.select({ name: sites.name }).from(sites).where(eq(sites.id, demo.id)),
        db.update(sites).set({ name: 'Renamed twice' }).where(eq(sites.id, demo.id)),
        db.select({ name: sites.name }).from(sites).where(eq(sites.id, demo.id)),
      );
      return { value: [settled(read)[0].name, settled(reread)[0].name] };
    });
    expect(seen).toEqual(['Renamed once', 'Renamed twice']);
    expect(await siteName(demo.id)).toBe('Renamed twice');
  });

  it('commits the last statements with the transaction, and a failing one undoes everything', async () => {
    const [demo] = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).limit(1);
    await pipelinedTransaction(t.database.db, async ({ db }) => ({
      value: undefined,
      last: [db.update(sites).set({ name: 'Written with commit' }).where(eq(sites.id, demo.id))],
    }));
    expect(await siteName(demo.id)).toBe('Written with commit');

    const failing = pipelinedTransaction(t.database.db, async ({ db, batch }) => {
      settled((await batch(db.update(sites).set({ name: 'Never kept' }).where(eq(sites.id, demo.id))))[0]);
      // A site's name may not be null: the database refuses this one, after the update above succeeded.
      return {
        value: undefined,
        last: [
          db
            .update(sites)
            .set({ name: sql`null` })
            .where(eq(sites.id, demo.id)),
        ],
      };
    });
    await expect(failing).rejects.toThrow();
    expect(await siteName(demo.id)).toBe('Written with commit');
  });

  it('keeps the calendar-data triggers quiet in a transaction its route announces, and only in that one', async () => {
    const [quiet, loud] = await t.database.db.select({ id: sites.id }).from(sites).orderBy(sites.id).limit(2);
    const rename = (siteId: number, options: { announcedByRoute?: boolean }) =>
      pipelinedTransaction(
        t.database.db,
        async ({ db }) => ({
          value: undefined,
          last: [db.update(siteSettings).set({ siteName: 'Renamed' }).where(eq(siteSettings.siteId, siteId))],
        }),
        options,
      );
    const live = await hearLiveChannel(t.database);
    try {
      await rename(quiet.id, { announcedByRoute: true });
      await rename(loud.id, {});
      await expect.poll(() => live.heard).toContainEqual({ t: 'data', site: loud.id });
      // Notifications arrive in commit order: had the first transaction notified, it would be heard first.
      expect(live.heard).toEqual([{ t: 'data', site: loud.id }]);
    } finally {
      await live.stop();
    }
  });

  it('rolls back when the body refuses after a batch, and the connection serves the next transaction', async () => {
    const [demo] = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).limit(1);
    const refused = pipelinedTransaction(t.database.db, async ({ db, batch }) => {
      await batch(db.update(sites).set({ name: 'Refused' }).where(eq(sites.id, demo.id)));
      throw new Error('refused by the check');
    });
    await expect(refused).rejects.toThrow('refused by the check');
    expect(await siteName(demo.id)).toBe(demo.name);
    // Every pooled connection is used once more: none was left inside the refused transaction.
    const names = await Promise.all(
      Array.from({ length: 25 }, () =>
        pipelinedTransaction(t.database.db, async ({ db, batch }) => {
          const [read] = await batch(db.select({ name: sites.name }).from(sites).where(eq(sites.id, demo.id)));
          return { value: settled(read)[0].name };
        }),
      ),
    );
    expect(new Set(names)).toEqual(new Set([demo.name]));
  });

  it('answers a failed statement in its place, fails the ones behind it, and fails the transaction even if the body goes on', async () => {
    const [demo] = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).limit(1);
    let statuses: string[] = [];
    const outcome = pipelinedTransaction(t.database.db, async ({ db, batch }) => {
      const results = await batch(
        db.update(sites).set({ name: 'Before the failure' }).where(eq(sites.id, demo.id)),
        db.execute(sql`select 1 / 0`),
        db.select({ id: sites.id }).from(sites).where(eq(sites.id, demo.id)),
      );
      statuses = results.map((r) => r.status);
      // The body ignores the failure; the runner must not report the write as done.
      return { value: 'carried on' };
    });
    await expect(outcome).rejects.toThrow();
    // On PostgreSQL the third statement fails because the transaction is aborted; PGlite runs it.
    expect(statuses.slice(0, 2)).toEqual(['fulfilled', 'rejected']);
    expect(await siteName(demo.id)).toBe(demo.name);
  });

  it('on PostgreSQL refuses a statement that does not reach the driver when started (its order would be unknown)', async () => {
    const [demo] = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).limit(1);
    const late = pipelinedTransaction(t.database.db, async ({ db, batch }) => {
      const deferred: Statement = {
        execute: async () => {
          await Promise.resolve();
          return db.update(sites).set({ name: 'Sent late' }).where(eq(sites.id, demo.id));
        },
      };
      settled((await batch(deferred))[0]);
      return { value: 'done' };
    });
    if (t.database.kind === 'postgres') {
      await expect(late).rejects.toThrow('pipelined statement was not sent when started');
      expect(await siteName(demo.id)).toBe(demo.name);
    } else {
      // PGlite runs each statement after the one before has answered, so a late start cannot reorder.
      await expect(late).resolves.toBe('done');
      expect(await siteName(demo.id)).toBe('Sent late');
    }
  });
});
