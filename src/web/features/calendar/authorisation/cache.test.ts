import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TDayChange } from '../../../../shared/contracts/calendar';
import { authoriseInCache, putRow, withAuthorised, withRestored, withRow } from './cache';

const row = (date: string, over: Partial<TDayChange> = {}): TDayChange => ({
  date,
  authorised: false,
  defaultHours: 38,
  currentHours: 30.4,
  authorisedHours: null,
  authorisedBy: null,
  authorisedAt: null,
  lastModified: '2026-11-21T10:00:00.000Z',
  ...over,
});
const rows = [
  row('2027-03-01'),
  row('2027-03-02'),
  row('2027-03-03', { authorised: true, authorisedHours: 38, authorisedBy: 'user', authorisedAt: 'x' }),
];
const key = ['/api/day-changes', '2026-11-21', '2028-11-21'];

describe('withAuthorised, withRestored, withRow', () => {
  it('authorises only the given unauthorised days, with their current hours', () => {
    const out = withAuthorised(rows, new Set(['2027-03-01', '2027-03-03']), 'admin', 'now');
    expect(out[0]).toMatchObject({ authorised: true, authorisedHours: 30.4, authorisedBy: 'admin', authorisedAt: 'now' });
    expect(out[1]).toBe(rows[1]);
    expect(out[2]).toBe(rows[2]);
  });

  it('puts back exactly the saved rows', () => {
    const changed = withAuthorised(rows, new Set(['2027-03-01', '2027-03-02']), 'admin', 'now');
    const out = withRestored(changed, new Map([['2027-03-01', rows[0]]]));
    expect(out[0]).toBe(rows[0]);
    expect(out[1].authorised).toBe(true);
  });

  it('replaces a row by its date', () => {
    const server = row('2027-03-02', { authorised: true, authorisedHours: 30.4, authorisedBy: 'admin', authorisedAt: 'then' });
    expect(withRow(rows, server)[1]).toBe(server);
  });
});

describe('authoriseInCache', () => {
  it('marks the days authorised in every cached window and undoes only its own change', async () => {
    const qc = new QueryClient();
    const other = ['/api/day-changes', '2026-11-22', '2028-11-22'];
    qc.setQueryData(key, [...rows, row('2027-03-04')]);
    qc.setQueryData(other, [row('2027-03-01')]);
    const undo = await authoriseInCache(qc, ['2027-03-01', '2027-03-02'], 'admin');
    expect(qc.getQueryData<TDayChange[]>(key)!.map((r) => r.authorised)).toEqual([true, true, true, false]);
    expect(qc.getQueryData<TDayChange[]>(other)![0].authorised).toBe(true);
    // Another authorisation starts in between: its day stays authorised when the first is undone.
    await authoriseInCache(qc, ['2027-03-04'], 'admin');
    undo();
    const after = qc.getQueryData<TDayChange[]>(key)!;
    expect(after.map((r) => r.authorised)).toEqual([false, false, true, true]);
    expect(after[0]).toEqual(rows[0]);
    expect(qc.getQueryData<TDayChange[]>(other)![0].authorised).toBe(false);
  });

  it('writes the server’s row into the cache', () => {
    const qc = new QueryClient();
    qc.setQueryData(key, rows);
    putRow(qc, row('2027-03-02', { authorised: true, authorisedBy: 'admin' }));
    expect(qc.getQueryData<TDayChange[]>(key)![1]).toMatchObject({ authorised: true, authorisedBy: 'admin' });
  });
});
