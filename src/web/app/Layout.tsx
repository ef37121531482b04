import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../components/ui/page';
import { useMe } from '../lib/session';

/** Signed-out screens; a signed-in visitor goes to the calendar. */
export function SignedOutLayout() {
  const me = useMe();
  if (me.isPending) return <Spinner label="Loading..." />;
  if (me.data) return <Navigate to="/" replace />;
  return <Outlet />;
}
