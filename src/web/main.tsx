import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { TMeResponse } from '../shared/contracts/auth';
import { loadFullApp, startSignedInPage } from './app/page-loaders';
import { SIGNED_OUT_PAGES } from './app/signed-out/pages';
import { signedOutPath } from './app/signed-out/paths';
import { RouteErrorView } from './components/RouteErrorView';
import { isAdminHost } from './features/admin/host';
import { fetchMe } from './lib/me';
import { ThemeProvider } from './lib/theme';
import './styles.css';

/*
 * A two-stage boot (decision 050). The entry holds React and little else. Arriving at a signed-out page it
 * shows that page through its own small router; everywhere else, and once someone signs in, it loads the
 * full app (react-router's data router, TanStack Query). Each stage's chunks start here, together.
 */
const root = createRoot(document.getElementById('root')!);
// The same StrictMode and ThemeProvider above both stages, so React keeps them when the stage changes.
const show = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <ThemeProvider>{node}</ThemeProvider>
    </StrictMode>,
  );
const showError = (error: unknown) => show(<RouteErrorView error={error} />);

const admin = isAdminHost(window.location.hostname);
let leaving: Promise<void> | null = null;

/** On to the full app, once: with a session, at the calendar (replacing the signed-out page's entry); without, where the address is. */
function toFullApp(me?: TMeResponse): Promise<void> {
  if (!leaving) {
    const { pathname, search } = me ? { pathname: '/', search: '' } : window.location;
    const session = admin ? undefined : startSignedInPage(pathname, search);
    leaving = loadFullApp().then(
      ({ default: FullApp }) => {
        // The entry keeps its state: react-router reads its position from it (signed-out/history.ts).
        if (me) window.history.replaceState(window.history.state, '', '/');
        show(<FullApp me={me} session={session} />);
      },
      (error: unknown) => {
        leaving = null;
        throw error;
      },
    );
  }
  return leaving;
}

const arrival = admin ? null : signedOutPath(window.location.pathname);
if (arrival) {
  // A failed check shows the page, as a signed-out visitor sees it.
  const session = fetchMe().catch(() => null);
  SIGNED_OUT_PAGES[arrival]().catch(() => undefined);
  import('./app/signed-out/SignedOutApp').then(
    ({ default: SignedOutApp }) => show(<SignedOutApp session={session} leave={toFullApp} />),
    showError,
  );
} else {
  toFullApp().catch(showError);
}
