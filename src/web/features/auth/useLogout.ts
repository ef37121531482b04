import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meKey } from '../../lib/query-keys';

/** Logs out on the server, clears every cached query and lands on /login. */
export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    await api('POST /api/auth/logout').catch(() => undefined);
    qc.clear();
    qc.setQueryData(meKey, null);
    window.location.assign('/login');
  };
}
