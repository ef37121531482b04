/**
 * Authorising days (spec §4, §8): the change shows at once through the day-changes cache and is put back
 * when the server refuses it; the toasts say what happened. Afterwards the day changes are refetched
 * (once the last of overlapping authorisations settles), so the audit trail shows the server's record.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast, toastError } from '../../../components/ui/toast';
import { api } from '../../../lib/api';
import { useMe } from '../../../lib/session';
import { authoriseInCache, dayChangesFilter, putRow } from './cache';
import { DAY_AUTHORISED, DAY_FAILED, daysAuthorised, MULTIPLE_FAILED, NONE_AUTHORISED, NOTHING_TO_AUTHORISE } from './messages';
import { AuthoriseFailure, authoriseMultiple } from './request';

const AUTHORISE_KEY = ['day-changes', 'authorise'] as const;

function useAuthorisationBase() {
  const qc = useQueryClient();
  const by = useMe().data?.user.username ?? null;
  const settle = useCallback(() => {
    // Still counted while settling: 1 means no other authorisation is in flight to be overwritten.
    if (qc.isMutating({ mutationKey: AUTHORISE_KEY }) === 1) void qc.invalidateQueries(dayChangesFilter);
  }, [qc]);
  return { qc, by, settle };
}

export interface AuthoriseDayOptions {
  /** The day view reverts a failure without a toast (spec §4). */
  silentFailure?: boolean;
}

/** POST /api/day-changes/authorise for one day: "Day Authorised", or reverted with "Authorisation Failed". */
export function useAuthoriseDay({ silentFailure = false }: AuthoriseDayOptions = {}) {
  const { qc, by, settle } = useAuthorisationBase();
  return useMutation({
    mutationKey: AUTHORISE_KEY,
    mutationFn: (date: string) => api('POST /api/day-changes/authorise', { body: { date } }),
    onMutate: (date) => authoriseInCache(qc, [date], by),
    onError: (_err, _date, revert) => {
      revert?.();
      if (!silentFailure) toast(DAY_FAILED);
    },
    onSuccess: (row) => {
      putRow(qc, row);
      toast(DAY_AUTHORISED);
    },
    onSettled: settle,
  });
}

/**
 * POST /api/day-changes/authorise-multiple for the changed days of a view. With none it only says so;
 * the server may authorise fewer than asked (it judges the rule again), and the refetch shows which.
 */
export function useAuthoriseDays() {
  const { qc, by, settle } = useAuthorisationBase();
  const { mutate, isPending } = useMutation({
    mutationKey: AUTHORISE_KEY,
    mutationFn: (dates: readonly string[]) => authoriseMultiple(dates),
    onMutate: (dates) => authoriseInCache(qc, dates, by),
    onError: (err, _dates, revert) => {
      revert?.();
      toastError(err instanceof AuthoriseFailure ? err.message : MULTIPLE_FAILED);
    },
    onSuccess: ({ count }) => toast(count > 0 ? daysAuthorised(count) : NONE_AUTHORISED),
    onSettled: settle,
  });
  const authorise = useCallback(
    (dates: readonly string[]) => {
      if (dates.length === 0) toast(NOTHING_TO_AUTHORISE);
      else mutate(dates);
    },
    [mutate],
  );
  return { authorise, isPending };
}
