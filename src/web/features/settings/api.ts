import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUpdateSettingsRequest } from '../../../shared/contracts/settings';
import type { RouteBody } from '../../../shared/routes/types';
import { toast } from '../../components/ui/toast';
import { ApiError, api, messageOf } from '../../lib/api';
import { announceCalendarChange } from '../../lib/calendar-events';
import { settingsKey, sitesKey } from '../../lib/query-keys';
import { formatWeekdayDay } from '../../../shared/format';

/** The Settings screen's calls (spec 02 §7) and the spec's error toast titles (§8). */

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: messageOf(err, 'Please try again.'), variant: 'destructive' });
const done = (title: string, description?: string) => toast({ title, description, variant: 'success' });

/** A holiday change that moves hours before today, refused until confirmed (409 `PAST_CHANGE`, decision 111). */
export const isPastChange = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 409 && (err.body as { code?: unknown } | undefined)?.code === 'PAST_CHANGE';

/** The toast of a failed holiday change, except a past change: the screen asks to confirm that one instead. */
const failedUnlessPast = (title: string) => (err: unknown) => {
  if (!isPastChange(err)) failed(title)(err);
};

export const holidaysKey = (year: number) => ['/api/public-holidays', `${year}-01-01`, `${year}-12-31`] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api('GET /api/settings') });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSettingsRequest) => api('PUT /api/settings', { body }),
    onSuccess: (data) => {
      qc.setQueryData(settingsKey, data);
      announceCalendarChange();
      done('Settings saved');
    },
    onError: failed('Failed to update settings'),
  });
}

export function useSiteList(enabled: boolean) {
  return useQuery({ queryKey: sitesKey, queryFn: () => api('GET /api/sites'), enabled });
}

export function useCreateSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api('POST /api/sites', { body: { name } }),
    onSuccess: (site) => {
      void qc.invalidateQueries({ queryKey: sitesKey });
      done('Site/Team created', `${site.name} (${site.subdomain}) is ready in the site switcher.`);
    },
    onError: failed('Error creating site/team'),
  });
}

export function useRenameSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api('PUT /api/sites/:siteId/name', { params: { siteId: id }, body: { name } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: sitesKey });
      void qc.invalidateQueries({ queryKey: ['/api/auth/me'] });
      done('Team updated');
    },
    onError: failed('Error updating team'),
  });
}

export function useDeleteSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/sites/:id', { params: { id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: sitesKey });
      done('Team deleted');
    },
    onError: failed('Error deleting team'),
  });
}

export function useHolidays(year: number) {
  return useQuery({
    queryKey: holidaysKey(year),
    queryFn: () => api('GET /api/public-holidays', { query: { startDate: `${year}-01-01`, endDate: `${year}-12-31` } }),
  });
}

/** Holidays change the calendar: every cached holiday window and the calendar itself are refreshed. */
function useHolidaysChanged() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['/api/public-holidays'] });
    void qc.invalidateQueries({ queryKey: ['/api/day-changes'] });
    announceCalendarChange();
  };
}

export function useAddHoliday() {
  const changed = useHolidaysChanged();
  return useMutation({
    mutationFn: (body: RouteBody<'POST /api/public-holidays'>) => api('POST /api/public-holidays', { body }),
    onSuccess: (h) => {
      changed();
      done('Holiday added', `${h.name} on ${formatWeekdayDay(h.date)}`);
    },
    onError: failedUnlessPast('Failed to add holiday'),
  });
}

export function useDeleteHoliday() {
  const changed = useHolidaysChanged();
  return useMutation({
    mutationFn: ({ id, confirmPast = false }: { id: number; confirmPast?: boolean }) =>
      api('DELETE /api/public-holidays/:id', { params: { id }, query: confirmPast ? { confirmPast: 'true' } : {} }),
    onSuccess: () => {
      changed();
      done('Holiday deleted');
    },
    onError: failedUnlessPast('Failed to delete holiday'),
  });
}

export function useCountries(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/holiday-catalogue/countries'],
    queryFn: () => api('GET /api/holiday-catalogue/countries'),
    enabled,
    staleTime: Infinity,
  });
}

export function useStates(country: string) {
  return useQuery({
    queryKey: ['/api/holiday-catalogue/states', country],
    queryFn: () => api('GET /api/holiday-catalogue/states', { query: { country } }),
    enabled: !!country,
    staleTime: Infinity,
  });
}

export function useCandidates(country: string, state: string, year: number) {
  return useQuery({
    queryKey: ['/api/holiday-catalogue/holidays', country, state, year],
    queryFn: () => api('GET /api/holiday-catalogue/holidays', { query: { country, year, state: state || undefined } }),
    enabled: !!country,
  });
}

export function useImportHolidays() {
  const changed = useHolidaysChanged();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'POST /api/public-holidays/import'>) => api('POST /api/public-holidays/import', { body }),
    onSuccess: (r) => {
      changed();
      void qc.invalidateQueries({ queryKey: settingsKey });
      void qc.invalidateQueries({ queryKey: ['/api/holiday-catalogue/holidays'] });
      done('Holidays imported', `${r.imported} imported, ${r.skipped} already there`);
    },
    onError: failedUnlessPast('Failed to add holiday'),
  });
}

export function useRunMaintenance() {
  const qc = useQueryClient();
  const changed = useHolidaysChanged();
  return useMutation({
    mutationFn: (body: RouteBody<'POST /api/data-maintenance'>) => api('POST /api/data-maintenance', { body }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: settingsKey });
      changed();
      done('Data maintenance complete', `${r.cleaned} old records cleaned, ${r.extended} holidays added ahead`);
    },
    onError: failed('Failed to perform data maintenance'),
  });
}
