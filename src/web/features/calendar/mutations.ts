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
import { ApiError, del, messageOf, patch, post, put } from '../../lib/api';
import { invalidateCalendar, PATHS } from './api';
import type { Span } from './dnd/span';
import { announceCalendarChange } from '../../lib/calendar-events';

/** An edit from a dialog, a whole-span move or a handle resize: the same call, different toasts. */
export type SaveAction = 'edit' | 'move' | 'resize';

/** Refetches notes, exceptions, day changes, employees, exception types and holidays, then fires the event. */
export async function refreshCalendar(qc: QueryClient) {
  await invalidateCalendar(qc);
  announceCalendarChange({ refetched: true });
}

/** The server's message when someone else changed (409) or removed (404) the record; those also refetch. */
export const conflictMessage = (err: unknown) => (err instanceof ApiError && (err.status === 409 || err.status === 404) ? err.message : undefined);

const ok = (title: string, action?: SaveAction): ToastInput => ({ title, variant: 'success', ...(action === 'move' || action === 'resize' ? { duration: 3000 } : {}) });
const failed = (title: string, description: string): ToastInput => ({ title, description, variant: 'destructive' });
const withDetail = (base: string, err: unknown, sep = ': ') => {
  const detail = conflictMessage(err);
  return detail ? `${base}${sep}${detail}` : base;
};

const EXCEPTION_SAVED: Record<SaveAction, string> = { edit: 'Exception updated', move: 'Exception rescheduled', resize: 'Exception resized' };
const EXCEPTION_FAILED: Record<SaveAction, (err: unknown) => ToastInput> = {
  edit: (err) => failed('Error', `Failed to update exception: ${messageOf(err, 'Unknown error')}`),
  move: (err) => failed('Error rescheduling exception', conflictMessage(err) ?? 'There was a problem moving the exception.'),
  resize: (err) => failed('Error', withDetail('Failed to resize exception', err)),
};
const NOTE_SAVED: Record<SaveAction, string> = { edit: 'Note updated successfully!', move: 'Note moved', resize: 'Note resized' };
const NOTE_FAILED: Record<SaveAction, (err: unknown) => ToastInput> = {
  edit: (err) => failed('Error', withDetail('Failed to update note.', err, ' ')),
  move: (err) => failed('Error moving note', conflictMessage(err) ?? 'There was a problem moving the note.'),
  resize: (err) => failed('Error', withDetail('Failed to resize note', err)),
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
    mutationFn: (body: TExceptionRequest) => post<TExceptionView>(PATHS.exceptions, body),
    onSuccess: () => {
      toast(ok('Exception created'));
      return refreshCalendar(qc);
    },
    onError: (err) => toastError(`Failed to create exception: ${messageOf(err, 'Unknown error')}`),
  });
}

export function useSaveException(action: SaveAction) {
  const qc = useQueryClient();
  const optimistic = action !== 'edit';
  return useMutation({
    mutationFn: ({ exception, body }: { exception: TExceptionView; body: TExceptionUpdateRequest }) =>
      put<TExceptionView>(`${PATHS.exceptions}/${exception.id}`, { ...body, version: exception.version }),
    onMutate: ({ exception, body }) => {
      if (optimistic) patchCached<TExceptionView>(qc, PATHS.exceptions, exception.id, (x) => ({ ...x, ...datesOf(body) }));
    },
    onSuccess: (view) => {
      // The new version straight away, so a second move before the refetch is not refused as stale.
      patchCached<TExceptionView>(qc, PATHS.exceptions, view.id, (x) => ({ ...x, ...view, isRangeStart: x.isRangeStart, isRangeEnd: x.isRangeEnd }));
      toast(ok(EXCEPTION_SAVED[action], action));
      return refreshCalendar(qc);
    },
    onError: (err) => {
      toast(EXCEPTION_FAILED[action](err));
      if (optimistic || conflictMessage(err)) void refreshCalendar(qc);
    },
  });
}

export function useDeleteException() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`${PATHS.exceptions}/${id}`),
    onSuccess: () => {
      toast(ok('Exception deleted'));
      return refreshCalendar(qc);
    },
    onError: (err) => {
      toastError(`Failed to delete exception: ${messageOf(err, 'Unknown error')}`);
      if (conflictMessage(err)) void refreshCalendar(qc);
    },
  });
}

export function useCreateNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNoteRequest) => post<TNoteView>(PATHS.notes, body),
    onSuccess: () => {
      toast(ok('Note created successfully!'));
      return refreshCalendar(qc);
    },
    onError: () => toastError('Failed to create note.'),
  });
}

export function useSaveNote(action: SaveAction) {
  const qc = useQueryClient();
  const optimistic = action !== 'edit';
  return useMutation({
    mutationFn: ({ note, body }: { note: TNoteView; body: TNotePatchRequest }) => patch<TNoteView>(`${PATHS.notes}/${note.id}`, { ...body, version: note.version }),
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
    mutationFn: (id: number) => del<{ message: string }>(`${PATHS.notes}/${id}`),
    onSuccess: () => {
      toast(ok('Note deleted successfully!'));
      return refreshCalendar(qc);
    },
    onError: (err) => {
      toastError('Failed to delete note.');
      if (conflictMessage(err)) void refreshCalendar(qc);
    },
  });
}
