import { useQuery } from '@tanstack/react-query';
import { fetchMe } from './me';
import { meKey } from './query-keys';

/** Kept here too: callers that cache the session import its key with the hook. */
export { meKey };

/** The signed-in user and current site; null when signed out (401). Cached 5 minutes, never retried. */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: fetchMe,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** True when the signed-in user may change tenant data (signed in and not read-only). */
export function useCanWrite(): boolean {
  const me = useMe();
  return !!me.data && !me.data.user.isReadOnly;
}

/** True when the signed-in user is an admin of the current site. */
export function useIsAdmin(): boolean {
  const me = useMe();
  return !!me.data?.user.isAdmin;
}
