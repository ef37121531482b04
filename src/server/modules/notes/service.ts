import { and, eq } from 'drizzle-orm';
import type { TNoteView } from '../../../shared/contracts/calendar';
import { noteMessages, type TNotePatchValues, type TNoteValues } from '../../../shared/contracts/notes';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { notes } from '../../db/schema';
import { toNoteView } from './views';

/** Notes on days. They change no hours, so nothing is marked for authorisation. */

type NoteRow = typeof notes.$inferSelect;

const toView = toNoteView;

async function ownedNote(db: Db, actor: Actor, id: number): Promise<NoteRow> {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), inSite(actor, notes.siteId)));
  return found(row, 'Note');
}

export async function createNote(db: Db, actor: Actor, input: TNoteValues, now: Date): Promise<TNoteView> {
  const [row] = await db
    .insert(notes)
    .values({
      siteId: actor.siteId,
      title: input.title,
      description: input.description ?? null,
      startDate: input.startDate,
      endDate: input.endDate ?? input.startDate,
      color: input.color,
      isFullDay: input.isFullDay,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toView(row);
}

/** PATCH: the fields sent replace the stored ones. A stale `version` answers 409; every update bumps it. */
export async function updateNote(db: Db, actor: Actor, id: number, patch: TNotePatchValues, now: Date): Promise<TNoteView> {
  const old = await ownedNote(db, actor, id);
  if (patch.version !== old.version) throw new AppError('CONFLICT', noteMessages.stale);
  const { version: _version, ...fields } = patch;
  const startDate = fields.startDate ?? old.startDate;
  const endDate = fields.endDate ?? old.endDate;
  if (endDate < startDate) throw new AppError('BAD_REQUEST', noteMessages.endBeforeStart);
  const [row] = await db
    .update(notes)
    .set({ ...fields, version: old.version + 1, updatedAt: now })
    .where(and(eq(notes.id, id), inSite(actor, notes.siteId), eq(notes.version, old.version)))
    .returning();
  if (!row) throw new AppError('CONFLICT', noteMessages.stale);
  return toView(row);
}

export async function deleteNote(db: Db, actor: Actor, id: number): Promise<void> {
  await ownedNote(db, actor, id);
  await db.delete(notes).where(and(eq(notes.id, id), inSite(actor, notes.siteId)));
}
