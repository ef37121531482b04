import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { limiterStore, type LimiterQuery } from './store';

/** The store moves the library's times onto the app's clock and back; hand-written times, a recording pool. */
const SYSTEM = 1_000_000;
const APP = 5_000_000;

function recording(rows: Array<Record<string, unknown>>) {
  const sent: LimiterQuery[] = [];
  const pool = { query: async (q: LimiterQuery) => (sent.push(q), { rows, rowCount: rows.length }) };
  return { sent, database: { kind: 'postgres', pool } as unknown as Database };
}

afterEach(() => vi.restoreAllMocks());

describe('limiterStore', () => {
  it('shifts the window end and "now" of an upsert by (app clock - system clock), and the answer back', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(SYSTEM);
    const { sent, database } = recording([{ points: 3, expire: '5000900' }]);
    const store = limiterStore(database, () => new Date(APP));
    const res = await store.query({
      name: 'rate_limits:rlflx-upsert',
      text: 'insert …',
      values: ['login-ip:10.0.0.1', 1, 1_000_500, 1_000_000],
    });
    expect(sent[0]).toEqual({ name: 'rate_limits:rlflx-upsert', text: 'insert …', values: ['login-ip:10.0.0.1', 1, 5_000_500, 5_000_000] });
    expect(res).toEqual({ rows: [{ points: 3, expire: 1_000_900 }], rowCount: 1 });
  });

  it('measures the shift from the statement\'s own "now", however long it waited for the database', async () => {
    // Built at system time 1,000,000, sent 300 ms later: the app's "now" is still 5,000,000, as the app's clock says.
    vi.spyOn(Date, 'now').mockReturnValue(SYSTEM + 300);
    const { sent, database } = recording([{ points: 1, expire: '5001000' }]);
    const store = limiterStore(database, () => new Date(APP));
    const res = await store.query({ name: 'rate_limits:rlflx-upsert', text: 'insert …', values: ['k', 1, 1_001_000, 1_000_000] });
    expect(sent[0].values).toEqual(['k', 1, 5_001_000, 5_000_000]);
    expect(res.rows).toEqual([{ points: 1, expire: 1_001_000 }]);
    await store.query({ name: 'rate_limits:rlflx-get', text: 'select …', values: ['k', 1_000_000] });
    expect(sent[1].values).toEqual(['k', 5_000_000]);
  });

  it('leaves a window without end (null) alone and moves only the time of a read', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(SYSTEM);
    const { sent, database } = recording([{ points: 2, expire: null }]);
    const store = limiterStore(database, () => new Date(APP));
    await store.query({ name: 'rate_limits:rlflx-upsert-force', text: 'insert …', values: ['k', 2, null, 1_000_000] });
    const read = await store.query({ name: 'rate_limits:rlflx-get', text: 'select …', values: ['k', 1_000_000] });
    expect(sent.map((q) => q.values)).toEqual([
      ['k', 2, null, 5_000_000],
      ['k', 5_000_000],
    ]);
    expect(read.rows).toEqual([{ points: 2, expire: null }]);
  });

  it('refuses a statement it does not know, such as the table creation', async () => {
    const { sent, database } = recording([]);
    const store = limiterStore(database, () => new Date(APP));
    await expect(store.query({ text: 'CREATE TABLE IF NOT EXISTS "rate_limits" (…)' })).rejects.toThrow(
      'rate limiter sent a statement the store does not know',
    );
    await expect(store.query({ name: 'rate_limits:rlflx-something-new', text: '…', values: [] })).rejects.toThrow('rlflx-something-new');
    expect(sent).toEqual([]);
  });
});
