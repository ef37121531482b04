import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminStats,
  TAuditEntry,
  TBugReportRow,
  TBusinessDetail,
  TAdminBusiness,
  TAdminUser,
  TSearchResult,
  TSiteDetail,
  TSuperAdmin,
  TSuperAdminLoginRequest,
  TSuperAdminLoginResponse,
  TUpdateSiteRequest,
  TUpdateUserRequest,
  TCreateSiteRequest,
} from '../../../shared/contracts/super-admin';
import type { TTwoFactorChallenge } from '../../../shared/contracts/auth-two-factor';
import { errorFromResponse } from '../../lib/api';
import { adminFetch, AdminApiError, setToken } from './token';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const keys = {
  all: ['super-admin'] as const,
  me: ['super-admin', 'me'] as const,
};
const get = <T>(path: string) => adminFetch<T>('GET', path);

async function signInStep<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) {
    const err = await errorFromResponse(res);
    throw new AdminApiError(res.status, err.message);
  }
  const data = (await res.json()) as T;
  if (data && typeof data === 'object' && 'token' in data) setToken(data.token as string);
  return data;
}

/** The password step: a token, or (two-factor sign-in on) a ticket for the code step (decision 065). */
export const signIn = (body: TSuperAdminLoginRequest) => signInStep<TSuperAdminLoginResponse | TTwoFactorChallenge>('/api/super-admin/login', body);
export const verifyTwoFactor = (challenge: string, code: string) =>
  signInStep<TSuperAdminLoginResponse>('/api/super-admin/login/two-factor', { challenge, code });

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    await adminFetch('POST', '/api/super-admin/logout', {}).catch(() => undefined);
    setToken(null);
    client.removeQueries({ queryKey: keys.all });
  };
}

export const useSuperAdminMe = (token: string | null) =>
  useQuery({ queryKey: [...keys.me, token], queryFn: () => get<{ superAdmin: TSuperAdmin }>('/api/super-admin/me'), enabled: !!token });

export const useStats = () => useQuery({ queryKey: [...keys.all, 'stats'], queryFn: () => get<TAdminStats>('/api/admin/stats') });

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();

export const PAGE_SIZE = 25;

export const useBusinesses = (page: number) =>
  useQuery({
    queryKey: [...keys.all, 'businesses', page],
    queryFn: () => get<Page<TAdminBusiness>>(`/api/admin/businesses?${qs({ page, pageSize: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useBusiness = (id: number) =>
  useQuery({ queryKey: [...keys.all, 'business', id], queryFn: () => get<TBusinessDetail>(`/api/admin/businesses/${id}`) });

export const useSiteDetail = (id: number) => useQuery({ queryKey: [...keys.all, 'site', id], queryFn: () => get<TSiteDetail>(`/api/admin/sites/${id}`) });

export const useAudit = (businessId: number, page: number) =>
  useQuery({
    queryKey: [...keys.all, 'audit', businessId, page],
    queryFn: () => get<Page<TAuditEntry>>(`/api/admin/businesses/${businessId}/audit?${qs({ page, pageSize: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useSearch = (q: string, type: string) =>
  useQuery({
    queryKey: [...keys.all, 'search', q, type],
    queryFn: () => get<TSearchResult>(`/api/admin/search?${qs({ q, type })}`),
    enabled: q.trim().length > 0,
  });

export const useBugReports = (page: number, status: string) =>
  useQuery({
    queryKey: [...keys.all, 'bugs', page, status],
    queryFn: () => get<Page<TBugReportRow>>(`/api/admin/bug-reports?${qs({ page, pageSize: PAGE_SIZE, status: status || undefined })}`),
    placeholderData: keepPreviousData,
  });

/** Every change reloads what the portal shows (spec §7: the relevant list is reloaded). */
function useAdminMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useUpdateSite = () => useAdminMutation(({ id, body }: { id: number; body: TUpdateSiteRequest }) => adminFetch('PATCH', `/api/admin/sites/${id}`, body));
export const useToggleSite = () => useAdminMutation((id: number) => adminFetch<{ isActive: boolean }>('PATCH', `/api/admin/sites/${id}/toggle-status`, {}));
export const useUpdateUser = () => useAdminMutation(({ id, body }: { id: number; body: TUpdateUserRequest }) => adminFetch('PATCH', `/api/admin/users/${id}`, body));
export const useResetPassword = () =>
  useAdminMutation(({ id, newPassword }: { id: number; newPassword: string }) => adminFetch('POST', `/api/admin/users/${id}/reset-password`, { newPassword }));
export const useCreateSite = () =>
  useAdminMutation(({ businessId, body }: { businessId: number; body: TCreateSiteRequest }) => adminFetch('POST', `/api/admin/businesses/${businessId}/sites`, body));
export const useSetBugStatus = () => useAdminMutation(({ id, status }: { id: number; status: string }) => adminFetch('PATCH', `/api/admin/bug-reports/${id}`, { status }));

/** The new token replaces the old one, which the server has revoked with every other. */
export function useChangePassword() {
  return async (body: { currentPassword: string; newPassword: string }) => {
    const res = await adminFetch<TSuperAdminLoginResponse>('POST', '/api/auth/super-admin-change-password', body);
    setToken(res.token);
  };
}

export const useAllUsers = (page: number) =>
  useQuery({
    queryKey: [...keys.all, 'users', page],
    queryFn: () => get<Page<TAdminUser>>(`/api/admin/users?${qs({ page, pageSize: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
