import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TMeResponse } from '../../../shared/contracts/auth';
import { ApiError, get, post } from '../../lib/api';

export const meKey = ['/api/auth/me'] as const;

/** The signed-in user and current site; null when signed out (401). Cached 5 minutes, never retried. */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: async () => {
      try {
        return await get<TMeResponse>('/api/auth/me');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TLoginRequest) => post<TMeResponse>('/api/auth/login', body),
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(meKey, me);
    },
  });
}

/** Logs out on the server, clears every cached query and lands on /login. */
export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    await post('/api/auth/logout').catch(() => undefined);
    qc.clear();
    qc.setQueryData(meKey, null);
    window.location.assign('/login');
  };
}
