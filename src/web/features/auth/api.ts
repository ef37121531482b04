import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TMeResponse } from '../../../shared/contracts/auth';
import { post } from '../../lib/api';
import { meKey } from '../../lib/query-keys';

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
