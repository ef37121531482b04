import {
  lazy,
  Suspense,
  use,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import type { TMeResponse } from '../../../shared/contracts/auth';
import { PageErrorBoundary } from '../../components/PageErrorBoundary';
import { Spinner } from '../../components/ui/page';
import { SignedOutNavContext, type SignedOutNav } from '../../lib/signed-out-nav';
import { prefetchSignedIn } from '../page-loaders';
import { getLocation, navigate, subscribeLocation } from './history';
import { SIGNED_OUT_PAGES } from './pages';
import { signedOutPath, type SignedOutPath } from './paths';

export interface SignedOutAppProps {
  /** The session check the entry started: the user, or null when signed out or when the check failed (the page shows). */
  session: Promise<TMeResponse | null>;
  /** On to the full app: with a session, at the calendar; without, at the path the address names. */
  leave: (me?: TMeResponse) => Promise<void>;
}

const PAGES = Object.fromEntries(Object.entries(SIGNED_OUT_PAGES).map(([path, load]) => [path, lazy(load)])) as Record<
  SignedOutPath,
  LazyExoticComponent<ComponentType>
>;

const loading = <Spinner label="Loading..." />;

/**
 * The signed-out pages as the browser arrives at them (decision 050): no react-router, no query cache. A
 * signed-in visitor goes on to the calendar; a path that is not a signed-out page goes to the full app.
 */
export default function SignedOutApp(props: SignedOutAppProps) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={loading}>
        <SignedOutPages {...props} />
      </Suspense>
    </PageErrorBoundary>
  );
}

function SignedOutPages({ session, leave }: SignedOutAppProps) {
  const me = use(session);
  const location = useSyncExternalStore(subscribeLocation, getLocation);
  const path = signedOutPath(location.pathname);
  const [leaveFailed, setLeaveFailed] = useState<{ error: unknown } | null>(null);
  if (leaveFailed) throw leaveFailed.error;

  useEffect(() => {
    if (!me && path) return;
    leave(me ?? undefined).catch((error: unknown) => setLeaveFailed({ error }));
  }, [me, path, leave]);

  const nav = useMemo<SignedOutNav>(
    () => ({ pathname: location.pathname, search: location.search, navigate, signedIn: leave, prefetchSignedIn }),
    [location, leave],
  );

  if (me || !path) return loading;
  const Page = PAGES[path];
  return (
    <SignedOutNavContext.Provider value={nav}>
      <PageErrorBoundary key={path}>
        <Suspense fallback={loading}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    </SignedOutNavContext.Provider>
  );
}
