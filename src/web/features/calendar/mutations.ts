/**
 * Exception and note changes (spec §7) with the toasts of spec §8. After every change the calendar's
 * lists are refetched and then the calendar-refresh event fires. Edits always send the version the
 * client read; a stale one answers 409, whose message the failure toast shows before a refetch.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TExceptionView, TNoteView } from '../../../shared/contracts/calendar';
import type { TExceptionRequest, TExceptionUpdateRequest } from '../../../shared/contracts/exceptions';
import type { TNotePatchRequest, TNoteRequest } from '../../../shared/contracts/notes';
import { toast, toastError, type ToastInput } from '../../components/ui/toast';
import { ApiError, api, messageOf } from '../../lib/api';
import { shortfallConflictOf } from '../../lib/coverage-conflict';
import { API_PATHS as PATHS } from '../../lib/query-keys';
import { invalidateCalendar } from './api';
import type { Span } from './dnd/span';
import { announceCalendarChange } from '../../lib/calendar-events';
import { ERROR_TITLE, MESSAGES, type Titled } from '../../lib/messages';

/** An edit from a dialog, a whole-span move or a handle resize: the same call, different toasts. */
export type SaveAction = 'edit' | 'move' | 'resize';

/** Refetches notes, exceptions, day changes, employees, exception types and holidays, then fires the event. */
export async function refreshCalendar(qc: QueryClient) {
  await invalidateCalendar(qc);
  announceCalendarChange({ refetched: true });
}

/** The server's message when someone else changed (409) or removed (404) the record; those also refetch. */
export const conflictMessage = (err: unknown) =>
  err instanceof ApiError && (err.status === 409 || err.status === 404) ? err.message : undefined;

const ok = (title: string, action?: SaveAction): ToastInput => ({
  title,
  variant: 'success',
  ...(action === 'move' || action === 'resize' ? { duration: 3000 } : {}),
});
const failed = (text: Titled): ToastInput => ({ ...text, variant: 'destructive' });
const error = (description: string) => failed({ title: ERROR_TITLE, description });
const E = MESSAGES.exception;
const N = MESSAGES.note;

// Spec §8 word for word: only "Failed to update exception: {detail}" carries the server's reason (a 409
// says someone else changed it); the others are fixed texts, and the refetch shows what changed.
const EXCEPTION_SAVED: Record<SaveAction, string> = { edit: E.updated, move: E.rescheduled, resize: E.resized };
const EXCEPTION_FAILED: Record<SaveAction, (err: unknown) => ToastInput> = {
  edit: (err) => error(E.updateFailed(messageOf(err, 'Unknown error'))),
  move: () => failed(E.moveFailed),
  resize: () => error(E.resizeFailed),
};
const NOTE_SAVED: Record<SaveAction, string> = { edit: N.updated, move: N.moved, resize: N.resized };
const NOTE_FAILED: Record<SaveAction, (err: unknown) => ToastInput> = {
  edit: () => error(N.updateFailed),
  move: () => failed(N.moveFailed),
  resize: () => error(N.resizeFailed),
};

/** The PUT body for a move or resize: the record as read, with the new span; notes are passed through. */
export function exceptionUpdateBody(e: TExceptionView, span: Span): TExceptionUpdateRequest {
  return {
    employeeId: e.employeeId,
    reasonId: e.reasonId,
    siteId: e.siteId,
    startDate: span.startDate,
    endDate: span.endDate,
    isFullDay: e.isFullDay,
    hours: e.hours,
    notes: e.notes,
    version: e.version,
  };
}

/** Rewrites one record in every cached window of `path` (moves show at once; the refetch confirms them). */
function patchCached<T extends { id: number }>(qc: QueryClient, path: string, id: number, change: (item: T) => T) {
  qc.setQueriesData<T[]>({ queryKey: [path] }, (list) => list?.map((x) => (x.id === id ? change(x) : x)));
}

const datesOf = (body: { startDate?: string; endDate?: string | null }) => ({
  ...(body.startDate ? { startDate: body.startDate } : {}),
  ...(body.endDate ? { endDate: body.endDate } : {}),
});

export function useCreateException() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TExceptionRequest) => api('POST /api/exceptions', { body }),
    onSuccess: () => {
      toast(ok(E.created));
      return refreshCalendar(qc);
    },
    // A coverage refusal is the dialog's to show (decision 098), not a failure.
    onError: (err) => (shortfallConflictOf(err) ? undefined : toastError(E.createFailed(messageOf(err, 'Unknown error')))),
  });
}

export function useSaveException(action: SaveAction) {
  const qc = useQueryClient();
  const optimistic = action !== 'edit';
  return useMutation({
    mutationFn: ({ exception, body }: { exception: TExceptionView; body: Omit<TExceptionUpdateRequest, 'version'> }) =>
      api('PUT /api/exceptions/:id', { params: { id: exception.id }, body: { ...body, version: exception.version } }),
    onMutate: ({ exception, body }) => {
      if (optimistic) patchCached<TExceptionView>(qc, PATHS.exceptions, exception.id, (x) => ({ ...x, ...datesOf(body) }));
    },
    onSuccess: (view) => {
      // The new version straight away, so a second move before the refetch is not refused as stale.
      patchCached<TExceptionView>(qc, PATHS.exceptions, view.id, (x) => ({
        ...x,
        ...view,
        isRangeStart: x.isRangeStart,
        isRangeEnd: x.isRangeEnd,
      }));
      toast(ok(EXCEPTION_SAVED[action], action));
      return refreshCalendar(qc);
    },
    onError: (err) => {
      const coverage = shortfallConflictOf(err);
      if (!coverage) toast(EXCEPTION_FAILED[action](err));
      // A refused move puts the pill back; a coverage refusal changed nothing, so an edit's list stays as read.
      if (optimistic || (conflictMessage(err) && !coverage)) void refreshCalendar(qc);
    },
  });
}

export function useDeleteException() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/exceptions/:id', { params: { id } }),
    onSuccess: () => {
      toast(ok(E.deleted));
      return refreshCalendar(qc);
    },
    onError: (err) => {
      toastError(E.deleteFailed(messageOf(err, '') || undefined));
      if (conflictMessage(err)) void refreshCalendar(qc);
    },
  });
}

export function useCreateNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNoteRequest) => api('POST /api/notes', { body }),
    onSuccess: () => {
      toast(ok(N.created));
      return refreshCalendar(qc);
    },
    onError: () => toastError(N.createFailed),
  });
}

export function useSaveNote(action: SaveAction) {
  const qc = useQueryClient();
  const optimistic = action !== 'edit';
  return useMutation({
    mutationFn: ({ note, body }: { note: TNoteView; body: Omit<TNotePatchRequest, 'version'> }) =>
      api('PATCH /api/notes/:id', { params: { id: note.id }, body: { ...body, version: note.version } }),
    onMutate: ({ note, body }) => {
      if (optimistic) patchCached<TNoteView>(qc, PATHS.notes, note.id, (x) => ({ ...x, ...datesOf(body) }));
    },
    onSuccess: (view) => {
      patchCached<TNoteView>(qc, PATHS.notes, view.id, () => view);
      toast(ok(NOTE_SAVED[action], action));
      return refreshCalendar(qc);
    },
    onError: (err) => {
      toast(NOTE_FAILED[action](err));
      if (optimistic || conflictMessage(err)) void refreshCalendar(qc);
    },
  });
}

export function useDeleteNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/notes/:id', { params: { id } }),
    onSuccess: () => {
      toast(ok(N.deleted));
      return refreshCalendar(qc);
    },
    onError: (err) => {
      toastError(N.deleteFailed);
      if (conflictMessage(err)) void refreshCalendar(qc);
    },
  });
}
