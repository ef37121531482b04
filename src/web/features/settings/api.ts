import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THoliday } from '../../../shared/contracts/calendar';
import type { THolidayCandidate, TRegionOption } from '../../../shared/contracts/holidays';
import type { TSettingsResponse, TUpdateSettingsRequest } from '../../../shared/contracts/settings';
import type { TSiteSummary } from '../../../shared/contracts/auth';
import { toast } from '../../components/ui/toast';
import { del, get, messageOf, post, put } from '../../lib/api';
import { announceCalendarChange } from '../../lib/calendar-events';
import { settingsKey, sitesKey } from '../../lib/query-keys';

/** The Settings screen's calls (spec 02 §7) and the spec's error toast titles (§8). */

const failed = (title: string) => (err: unknown) => toast({ title, description: messageOf(err, 'Please try again.'), variant: 'destructive' });
const done = (title: string, description?: string) => toast({ title, description, variant: 'success' });

export const holidaysKey = (year: number) => ['/api/public-holidays', `${year}-01-01`, `${year}-12-31`] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => get<TSettingsResponse>('/api/settings') });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSettingsRequest) => put<TSettingsResponse>('/api/settings', body),
    onSuccess: (data) => {
      qc.setQueryData(settingsKey, data);
      announceCalendarChange();
      done('Settings saved');
    },
    onError: failed('Failed to update settings'),
  });
}

export function useSiteList(enabled: boolean) {
  return useQuery({ queryKey: sitesKey, queryFn: () => get<TSiteSummary[]>('/api/sites'), enabled });
}

export function useCreateSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => post<TSiteSummary>('/api/sites', { name }),
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
    mutationFn: ({ id, name }: { id: number; name: string }) => put<TSiteSummary>(`/api/sites/${id}/name`, { name }),
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
    mutationFn: (id: number) => del<{ message: string }>(`/api/sites/${id}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: sitesKey });
      done('Team deleted');
    },
    onError: failed('Error deleting team'),
  });
}

export function useHolidays(year: number) {
  return useQuery({ queryKey: holidaysKey(year), queryFn: () => get<THoliday[]>(`/api/public-holidays?startDate=${year}-01-01&endDate=${year}-12-31`) });
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
    mutationFn: (body: { name: string; date: string }) => post<THoliday>('/api/public-holidays', body),
    onSuccess: (h) => {
      changed();
      done('Holiday added', `${h.name} on ${h.date}`);
    },
    onError: failed('Failed to add holiday'),
  });
}

export function useDeleteHoliday() {
  const changed = useHolidaysChanged();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/api/public-holidays/${id}`),
    onSuccess: () => {
      changed();
      done('Holiday deleted');
    },
    onError: failed('Failed to delete holiday'),
  });
}

export function useCountries(enabled: boolean) {
  return useQuery({ queryKey: ['/api/holiday-catalogue/countries'], queryFn: () => get<TRegionOption[]>('/api/holiday-catalogue/countries'), enabled, staleTime: Infinity });
}

export function useStates(country: string) {
  return useQuery({
    queryKey: ['/api/holiday-catalogue/states', country],
    queryFn: () => get<TRegionOption[]>(`/api/holiday-catalogue/states?country=${encodeURIComponent(country)}`),
    enabled: !!country,
    staleTime: Infinity,
  });
}

export function useCandidates(country: string, state: string, year: number) {
  const q = new URLSearchParams({ country, year: String(year), ...(state ? { state } : {}) });
  return useQuery({
    queryKey: ['/api/holiday-catalogue/holidays', country, state, year],
    queryFn: () => get<THolidayCandidate[]>(`/api/holiday-catalogue/holidays?${q}`),
    enabled: !!country,
  });
}

export function useImportHolidays() {
  const changed = useHolidaysChanged();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { country: string; state: string | null; holidays: Array<{ date: string; name: string }> }) =>
      post<{ imported: number; skipped: number }>('/api/public-holidays/import', body),
    onSuccess: (r) => {
      changed();
      void qc.invalidateQueries({ queryKey: settingsKey });
      void qc.invalidateQueries({ queryKey: ['/api/holiday-catalogue/holidays'] });
      done('Holidays imported', `${r.imported} imported, ${r.skipped} already there`);
    },
    onError: failed('Failed to add holiday'),
  });
}

export function useRunMaintenance() {
  const qc = useQueryClient();
  const changed = useHolidaysChanged();
  return useMutation({
    mutationFn: (body: { retentionDays: number; futureDataDays: number }) =>
      post<{ cleaned: number; extended: number; lastDataCleanup: string }>('/api/data-maintenance', body),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: settingsKey });
      changed();
      done('Data maintenance complete', `${r.cleaned} old records cleaned, ${r.extended} holidays added ahead`);
    },
    onError: failed('Failed to perform data maintenance'),
  });
}
