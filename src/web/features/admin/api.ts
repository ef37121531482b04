import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BUG_STATUSES,
  SEARCH_TYPES,
  TSuperAdminLoginRequest,
  TUpdateSiteRequest,
  TUpdateUserRequest,
  TCreateSiteRequest,
} from '../../../shared/contracts/super-admin';
import type { RouteReply } from '../../../shared/routes/types';
import { errorFromResponse, urlOf } from '../../lib/api';
import { adminApi, AdminApiError, setToken } from './token';

const keys = {
  all: ['super-admin'] as const,
  me: ['super-admin', 'me'] as const,
};
type SignInRoute = 'POST /api/super-admin/login' | 'POST /api/super-admin/login/two-factor';

export type BugStatus = (typeof BUG_STATUSES)[number];

async function signInStep<K extends SignInRoute>(route: K, body: unknown): Promise<RouteReply<K>> {
  const res = await fetch(urlOf<SignInRoute>(route), {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const err = await errorFromResponse(res);
    throw new AdminApiError(res.status, err.message);
  }
  const data = (await res.json()) as RouteReply<SignInRoute>;
  if ('token' in data) setToken(data.token);
  return data as RouteReply<K>;
}

/** The password step: a token, or (two-factor sign-in on) a ticket for the code step (decision 065). */
export const signIn = (body: TSuperAdminLoginRequest) => signInStep('POST /api/super-admin/login', body);
export const verifyTwoFactor = (challenge: string, code: string) =>
  signInStep('POST /api/super-admin/login/two-factor', { challenge, code });

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    await adminApi('POST /api/super-admin/logout').catch(() => undefined);
    setToken(null);
    client.removeQueries({ queryKey: keys.all });
  };
}

export const useSuperAdminMe = (token: string | null) =>
  useQuery({ queryKey: [...keys.me, token], queryFn: () => adminApi('GET /api/super-admin/me'), enabled: !!token });

export const useStats = () => useQuery({ queryKey: [...keys.all, 'stats'], queryFn: () => adminApi('GET /api/admin/stats') });

export const PAGE_SIZE = 25;

export const useBusinesses = (page: number) =>
  useQuery({
    queryKey: [...keys.all, 'businesses', page],
    queryFn: () => adminApi('GET /api/admin/businesses', { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useBusiness = (id: number) =>
  useQuery({ queryKey: [...keys.all, 'business', id], queryFn: () => adminApi('GET /api/admin/businesses/:id', { params: { id } }) });

export const useSiteDetail = (id: number) =>
  useQuery({ queryKey: [...keys.all, 'site', id], queryFn: () => adminApi('GET /api/admin/sites/:id', { params: { id } }) });

export const useAudit = (businessId: number, page: number) =>
  useQuery({
    queryKey: [...keys.all, 'audit', businessId, page],
    queryFn: () => adminApi('GET /api/admin/businesses/:id/audit', { params: { id: businessId }, query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useSearch = (q: string, type: (typeof SEARCH_TYPES)[number]) =>
  useQuery({
    queryKey: [...keys.all, 'search', q, type],
    queryFn: () => adminApi('GET /api/admin/search', { query: { q, type } }),
    enabled: q.trim().length > 0,
  });

export const useBugReports = (page: number, status: BugStatus | '') =>
  useQuery({
    queryKey: [...keys.all, 'bugs', page, status],
    queryFn: () => adminApi('GET /api/admin/bug-reports', { query: { page, pageSize: PAGE_SIZE, status: status || undefined } }),
    placeholderData: keepPreviousData,
  });

/** Every change reloads what the portal shows (spec §7: the relevant list is reloaded). */
function useAdminMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useUpdateSite = () =>
  useAdminMutation(({ id, body }: { id: number; body: TUpdateSiteRequest }) =>
    adminApi('PATCH /api/admin/sites/:id', { params: { id }, body }),
  );
export const useToggleSite = () =>
  useAdminMutation((id: number) => adminApi('PATCH /api/admin/sites/:id/toggle-status', { params: { id } }));
export const useUpdateUser = () =>
  useAdminMutation(({ id, body }: { id: number; body: TUpdateUserRequest }) =>
    adminApi('PATCH /api/admin/users/:id', { params: { id }, body }),
  );
export const useResetPassword = () =>
  useAdminMutation(({ id, newPassword }: { id: number; newPassword: string }) =>
    adminApi('POST /api/admin/users/:id/reset-password', { params: { id }, body: { newPassword } }),
  );
export const useCreateSite = () =>
  useAdminMutation(({ businessId, body }: { businessId: number; body: TCreateSiteRequest }) =>
    adminApi('POST /api/admin/businesses/:id/sites', { params: { id: businessId }, body }),
  );
export const useSetBugStatus = () =>
  useAdminMutation(({ id, status }: { id: number; status: BugStatus }) =>
    adminApi('PATCH /api/admin/bug-reports/:id', { params: { id }, body: { status } }),
  );

/** The new token replaces the old one, which the server has revoked with every other. */
export function useChangePassword() {
  return async (body: { currentPassword: string; newPassword: string }) => {
    const res = await adminApi('POST /api/auth/super-admin-change-password', { body });
    setToken(res.token);
  };
}

export const useAllUsers = (page: number) =>
  useQuery({
    queryKey: [...keys.all, 'users', page],
    queryFn: () => adminApi('GET /api/admin/users', { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
