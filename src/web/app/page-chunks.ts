/*
 * The signed-in pages' chunks, shared by the entry (page-loaders.ts) and the full app's router. Apart from
 * page-loaders.ts, which also loads the full app, so nothing inside the full app imports its own loader
 * (decision 072).
 */
export const loadSignedInLayout = () => import('./SignedInLayout');
export const loadCalendar = () => import('../features/calendar/CalendarPage');
export const loadEmployees = () => import('../features/employees/EmployeesPage');

export const ignore = () => undefined;

/** The layout and the calendar a sign-in leads to, fetched while the form is filled in. */
export function prefetchSignedInPages(): void {
  for (const load of [loadSignedInLayout, loadCalendar]) load().catch(ignore);
}
