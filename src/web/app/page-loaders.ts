import { startFirstRequest } from '../features/calendar/first-request';

export const loadFullApp = () => import('./FullApp');
export const loadSignedInLayout = () => import('./SignedInLayout');
export const loadCalendar = () => import('../features/calendar/CalendarPage');
export const loadEmployees = () => import('../features/employees/EmployeesPage');

const ignore = () => undefined;

/**
 * Arriving at a signed-in page, the app, the layout and the page are chunks React would fetch one after the
 * other, and the calendar's one request would wait for the app: all start here, from the entry, at once
 * (decisions 034 and 050). A chunk that fails fails again where it is rendered, under its error boundary.
 */
export function startSignedInPage(pathname: string, search: string): void {
  // The request first, so the server works on it while the chunks download.
  if (pathname === '/') startFirstRequest(search);
  const page = ({ '/': loadCalendar, '/employees': loadEmployees } as Record<string, () => Promise<unknown>>)[pathname];
  if (!page) return;
  loadSignedInLayout().catch(ignore);
  page().catch(ignore);
}

/** What a sign-in leads to, fetched while the form is filled in so the calendar then waits for its data alone. */
export function prefetchSignedIn(): void {
  for (const load of [loadFullApp, loadSignedInLayout, loadCalendar]) load().catch(ignore);
}
