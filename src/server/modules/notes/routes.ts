import { ZNoteView } from '../../../shared/contracts/calendar';
import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { ZNotePatchRequest, ZNoteRequest } from '../../../shared/contracts/notes';
import { requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createNote, deleteNote, updateNote } from './service';

/** Note writes. The read, GET /api/notes, is with the other calendar reads. */
export function registerNoteRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const writer = { config: { access: 'writer' as const } };

  app.post('/api/notes', { ...writer, schema: { body: ZNoteRequest, response: { 201: ZNoteView } } }, async (req, reply) => {
    const note = await createNote(db, requireWriter(req), req.body, deps.now());
    return reply.status(201).send(note);
  });

  app.patch(
    '/api/notes/:id',
    { ...writer, schema: { params: ZIdParams, body: ZNotePatchRequest, response: { 200: ZNoteView } } },
    async (req) => updateNote(db, requireWriter(req), req.params.id, req.body, deps.now()),
  );

  app.delete('/api/notes/:id', { ...writer, schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (req) => {
    await deleteNote(db, requireWriter(req), req.params.id);
    return { message: 'Note deleted' };
  });
}
