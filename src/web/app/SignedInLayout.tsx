import { useCallback } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/page';
import { useLogout } from '../features/auth/useLogout';
import { useLiveConnection } from '../lib/live';
import { useMe } from '../lib/session';
import { useIdleLogout } from '../features/auth/useIdleLogout';
import { SiteSwitchProvider, useSiteSwitch } from '../features/sites/site-switch';
import { SubscriptionBanners } from '../features/subscription/Banners';
import { Header } from './header/Header';

function SwitchingOverlay() {
  const { switching } = useSiteSwitch();
  if (!switching) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-background/70 backdrop-blur-sm">
      <div className="flex items-center gap-3 rounded-lg border border-border bg-card px-5 py-3 shadow-lg">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden />
        <span className="text-sm font-medium">Switching site...</span>
      </div>
    </div>
  );
}

/**
 * The signed-in frame, loaded with the first signed-in page so the sign-in page never carries the header's
 * menus: redirects to /login when there is no session.
 */
export default function SignedInLayout() {
  const me = useMe();
  const location = useLocation();
  const logout = useLogout();
  const onIdle = useCallback(() => void logout(), [logout]);
  useIdleLogout(onIdle, !!me.data);
  useLiveConnection(!!me.data);

  if (me.isPending) return <Spinner label="Loading..." />;
  if (!me.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <SiteSwitchProvider>
      <div className="min-h-screen bg-background text-foreground">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:outline-2 focus:outline-ring"
        >
          Skip to main content
        </a>
        <SubscriptionBanners />
        <Header />
        {/* tabIndex -1: the skip link and the focus fallbacks can move focus here; no Tab stop. */}
        <main id="main" tabIndex={-1} className="mx-auto max-w-screen-2xl px-3 py-5 outline-none sm:px-4">
          <Outlet />
        </main>
        <SwitchingOverlay />
      </div>
    </SiteSwitchProvider>
  );
}
