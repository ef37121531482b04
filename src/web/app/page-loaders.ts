import type { TMeResponse } from '../../shared/contracts/auth';
import { startFirstRequest } from '../features/calendar/first-request';
import { fetchMe } from '../lib/me';
import { ignore, loadCalendar, loadEmployees, loadSignedInLayout, prefetchSignedInPages } from './page-chunks';

export const loadFullApp = () => import('./FullApp');

/**
 * Arriving at a signed-in page, the app, the layout and the page are chunks React would fetch one after the
 * other, and the first request would wait for the app: all start here, from the entry, at once (decisions
 * 034 and 050). The calendar's one read carries the session; elsewhere the session check the signed-in
 * layout waits for is started here and returned (the admin portal signs in on its own). A chunk that fails
 * fails again where it is rendered, under its error boundary.
 */
export function startSignedInPage(pathname: string, search: string): Promise<TMeResponse | null> | undefined {
  // Requests first, so the server works on them while the chunks download.
  let session: Promise<TMeResponse | null> | undefined;
  if (pathname === '/') startFirstRequest(search);
  else if (pathname !== '/admin') {
    session = fetchMe();
    // Its taker, the query cache, reports a failure.
    session.catch(ignore);
  }
  const page = ({ '/': loadCalendar, '/employees': loadEmployees } as Record<string, () => Promise<unknown>>)[pathname];
  if (page) {
    loadSignedInLayout().catch(ignore);
    page().catch(ignore);
  }
  return session;
}

/** What a sign-in leads to, fetched while the form is filled in so the calendar then waits for its data alone. */
export function prefetchSignedIn(): void {
  loadFullApp().catch(ignore);
  prefetchSignedInPages();
}
