import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTeamUpdate } from '../../../shared/contracts/teams';
import { toast, toastError } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { announceCalendarChange } from '../../lib/calendar-events';
import { employeesKey, teamsKey } from '../../lib/query-keys';
import { serverMessageOr } from './api';
import { teamChangeText } from './teams-text';

/* The teams' changes, loaded with the Teams dialog only (the page's arrival carries the list read alone). */

/** A team change may move employees (a deleted team's leave it) and changes what the calendar groups by. */
function useAfterTeamChange() {
  const qc = useQueryClient();
  return async () => {
    announceCalendarChange();
    await Promise.all([qc.invalidateQueries({ queryKey: teamsKey }), qc.invalidateQueries({ queryKey: employeesKey })]);
  };
}

export function useCreateTeam() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (name: string) => api('POST /api/teams', { body: { name } }),
    onSuccess: async () => {
      toast({ title: teamChangeText.created, variant: 'success' });
      await after();
    },
    onError: (err) => toastError(serverMessageOr(err, teamChangeText.createFailed)),
  });
}

export function useUpdateTeam() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TTeamUpdate }) => api('PUT /api/teams/:id', { params: { id }, body }),
    onSuccess: async (_team, { body }) => {
      if (body.name !== undefined) toast({ title: teamChangeText.renamed, variant: 'success' });
      await after();
    },
    onError: (err) => toastError(serverMessageOr(err, teamChangeText.updateFailed)),
  });
}

export function useDeleteTeam() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/teams/:id', { params: { id } }),
    onSuccess: async () => {
      toast({ title: teamChangeText.deleted, variant: 'success' });
      await after();
    },
    onError: (err) => toastError(serverMessageOr(err, teamChangeText.deleteFailed)),
  });
}
