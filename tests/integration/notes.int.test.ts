import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, notes } from '../../src/server/db/schema';
import { addDaysStr } from '../../src/shared/domain/dates';
import { createNote, createSite, createTeam } from '../factories';
import { startTestApp, type TestApp, type TestResponse } from './harness';

const NOW = new Date('2030-03-13T10:00:00Z');
const TODAY = '2030-03-13';
const d = (n: number) => addDaysStr(TODAY, n);
const PASSWORD = 'notes-pass';

let t: TestApp;
let siteId: number;
let writer: string;
let viewer: string;
let foreignNoteId: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const team = await createTeam(t.db, PASSWORD);
  siteId = team.site.id;
  writer = await t.login(team.writer.email, PASSWORD);
  viewer = await t.login(team.viewer.email, PASSWORD);
  const siteB = await createSite(t.db, team.business.id);
  ({ id: foreignNoteId } = await createNote(t.db, { siteId: siteB.id, title: 'Theirs', startDate: d(1) }));
});
afterAll(() => t?.close());

const patch = (url: string, body: unknown, cookie?: string): Promise<TestResponse> =>
  t.app.inject({ method: 'PATCH', url, payload: body as object, headers: cookie ? { cookie } : {} });
const noteBody = (over: Record<string, unknown> = {}) => ({
  title: 'Stock take',
  description: null,
  startDate: d(1),
  endDate: d(2),
  color: '#10b981',
  isFullDay: true,
  ...over,
});
const allNotes = () => t.db.select().from(notes).orderBy(asc(notes.id));
const rowOf = async (id: number) => (await t.db.select().from(notes).where(eq(notes.id, id)))[0];

describe('create', () => {
  it('answers 201 with the note; a missing end date is the start date; notes mark no days', async () => {
    const res = await t.post('/api/notes', { title: '  Team meeting  ', description: 'Room 4', startDate: d(3), color: '#3b82f6' }, writer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      siteId,
      title: 'Team meeting',
      description: 'Room 4',
      startDate: d(3),
      endDate: d(3),
      color: '#3b82f6',
      isFullDay: true,
      version: 1,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(await rowOf(res.json().id)).toMatchObject({ siteId, title: 'Team meeting', endDate: d(3) });
    expect(await t.db.select().from(dayChanges).where(eq(dayChanges.siteId, siteId))).toEqual([]);
    const listed = await t.get(`/api/notes?startDate=${d(3)}&endDate=${d(3)}`, writer);
    expect(listed.json().map((n: { id: number }) => n.id)).toEqual([res.json().id]);
  });

  it('accepts a null description, null end date, a partial day and a 100-character title', async () => {
    const res = await t.post('/api/notes', noteBody({ title: 'x'.repeat(100), endDate: null, isFullDay: false }), writer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: null, endDate: d(1), isFullDay: false });
  });

  it.each([
    [{ title: '' }, 'title', 'Note is required'],
    [{ title: '   ' }, 'title', 'Note is required'],
    [{ title: undefined }, 'title', 'Note is required'],
    [{ title: 'x'.repeat(101) }, 'title', 'Note must be under 100 characters'],
    [{ color: undefined }, 'color', 'Color is required'],
    [{ color: '' }, 'color', 'Color is required'],
    [{ color: '#fff' }, 'color', 'Color must be a 7-character hex code such as #3b82f6'],
    [{ color: 'green' }, 'color', 'Color must be a 7-character hex code such as #3b82f6'],
    [{ startDate: undefined }, 'startDate', 'Date is required'],
    [{ startDate: '2030-13-01' }, 'startDate', 'Date is not a real calendar day'],
    [{ endDate: '14-03-2030' }, 'endDate', 'Date must be in yyyy-MM-dd format'],
    [{ startDate: d(2), endDate: d(1) }, 'endDate', 'End date cannot be before start date'],
    [{ isFullDay: 'yes' }, 'isFullDay', 'isFullDay must be true or false'],
  ])('refuses %j with 400 and the message', async (over, path, message) => {
    const before = await allNotes();
    const res = await t.post('/api/notes', noteBody(over), writer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await allNotes()).toEqual(before);
  });
});

describe('PATCH and DELETE', () => {
  it('edits any subset of fields, bumping the version', async () => {
    const created = (await t.post('/api/notes', noteBody(), writer)).json();
    const res = await patch(
      `/api/notes/${created.id}`,
      { title: 'Audit visit', description: 'Bring the files', color: '#ef4444', version: 1 },
      writer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      title: 'Audit visit',
      description: 'Bring the files',
      color: '#ef4444',
      startDate: d(1),
      endDate: d(2),
      version: 2,
    });
    // A move sends only the dates; a resize only one of them.
    const moved = await patch(`/api/notes/${created.id}`, { startDate: d(8), endDate: d(9), version: 2 }, writer);
    expect(moved.json()).toMatchObject({ title: 'Audit visit', startDate: d(8), endDate: d(9), version: 3 });
    const resized = await patch(`/api/notes/${created.id}`, { endDate: d(11), version: 3 }, writer);
    expect(resized.json()).toMatchObject({ startDate: d(8), endDate: d(11), version: 4 });
    const cleared = await patch(`/api/notes/${created.id}`, { description: null, version: 4 }, writer);
    expect(cleared.json()).toMatchObject({ description: null, version: 5 });
    expect(await rowOf(created.id)).toMatchObject({ title: 'Audit visit', startDate: d(8), endDate: d(11), description: null, version: 5 });
  });

  it('refuses a stale version with 409 and a change that would end before the stored start with 400', async () => {
    const created = (await t.post('/api/notes', noteBody({ startDate: d(5), endDate: d(6) }), writer)).json();
    expect((await patch(`/api/notes/${created.id}`, { title: 'Edited elsewhere', version: 1 }, writer)).statusCode).toBe(200);
    const before = await rowOf(created.id);
    const stale = await patch(`/api/notes/${created.id}`, { title: 'Mine', version: 1 }, writer);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'This note was changed by someone else. Reload the calendar and try again.' });
    const unversioned = await patch(`/api/notes/${created.id}`, { title: 'Mine' }, writer);
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().message).toBe('Version is required: reload and try again');
    const backwards = await patch(`/api/notes/${created.id}`, { endDate: d(4), version: 2 }, writer);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: 'End date cannot be before start date' });
    const invalid = await patch(`/api/notes/${created.id}`, { title: '' }, writer);
    expect(invalid.json().message).toBe('Note is required');
    expect(await rowOf(created.id)).toEqual(before);
  });

  it('deletes a note; a second delete answers 404', async () => {
    const created = (await t.post('/api/notes', noteBody(), writer)).json();
    const res = await t.del(`/api/notes/${created.id}`, writer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Note deleted' });
    expect(await rowOf(created.id)).toBeUndefined();
    expect((await t.del(`/api/notes/${created.id}`, writer)).json()).toEqual({ message: 'Note not found' });
  });
});

describe('tenancy and roles', () => {
  it('answers 404 for another site’s note, leaving it unchanged', async () => {
    const before = await rowOf(foreignNoteId);
    for (const res of [
      await patch(`/api/notes/${foreignNoteId}`, { title: 'Mine now', version: 1 }, writer),
      await t.del(`/api/notes/${foreignNoteId}`, writer),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Note not found' });
    }
    expect(await rowOf(foreignNoteId)).toEqual(before);
  });

  it('the read-only user gets 403 on every change, and nothing changes', async () => {
    const target = (await t.post('/api/notes', noteBody(), writer)).json();
    const before = await allNotes();
    for (const res of [
      await t.post('/api/notes', noteBody(), viewer),
      await t.post('/api/notes', {}, viewer),
      await patch(`/api/notes/${target.id}`, { title: 'Viewer' }, viewer),
      await t.del(`/api/notes/${target.id}`, viewer),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Read-only users cannot make changes.' });
    }
    expect(await allNotes()).toEqual(before);
  });

  it('signed out, every note write answers 401', async () => {
    const before = await allNotes();
    for (const res of [await t.post('/api/notes', noteBody()), await patch('/api/notes/1', { title: 'x' }), await t.del('/api/notes/1')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authenticated' });
    }
    expect(await allNotes()).toEqual(before);
  });
});
