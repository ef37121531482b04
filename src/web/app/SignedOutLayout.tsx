import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/page';
import { meKey } from '../lib/query-keys';
import { useMe } from '../lib/session';
import { SignedOutNavContext, type SignedOutNav } from '../lib/signed-out-nav';
import { prefetchSignedInPages } from './page-chunks';

/**
 * Signed-out screens inside the full app (reached from it, e.g. a signed-in page without a session); a
 * signed-in visitor goes to the calendar. The pages navigate through react-router here (decision 050). A
 * lazy chunk: the signed-in pages' arrival does not carry it.
 */
export default function SignedOutLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const nav = useMemo<SignedOutNav>(
    () => ({
      pathname: location.pathname,
      search: location.search,
      navigate: (to, options) => void navigate(to, options),
      signedIn: async (session) => {
        // Nothing cached from before belongs to this session.
        qc.clear();
        qc.setQueryData(meKey, session);
        await navigate('/', { replace: true });
      },
      // The full app is already here: only its pages remain to fetch.
      prefetchSignedIn: prefetchSignedInPages,
    }),
    [location.pathname, location.search, navigate, qc],
  );
  if (me.isPending) return <Spinner label="Loading..." />;
  if (me.data) return <Navigate to="/" replace />;
  return (
    <SignedOutNavContext.Provider value={nav}>
      <Outlet />
    </SignedOutNavContext.Provider>
  );
}
