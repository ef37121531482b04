/**
 * Change routes that cannot alter anything a session is read from (sessions, users, site grants, sites and
 * their subscription): the calendar's own records. Their requests leave the session cache alone, so a planner
 * placing absences one after another pays no session query per write (decision 048). Every other change
 * request empties the cache before its reply leaves.
 *
 * tests/integration/session-neutral.int.test.ts calls every change route under these prefixes and fails
 * when one of them makes the database announce a session re-check, or when a route here goes untested.
 */
const PREFIXES = ['/api/exceptions', '/api/absences', '/api/notes', '/api/day-changes'];

/** True for a route (its pattern, e.g. `/api/notes/:id`) whose changes never touch session data. */
export function keepsSessions(routeUrl: string | undefined): boolean {
  return !!routeUrl && PREFIXES.some((p) => routeUrl === p || routeUrl.startsWith(`${p}/`));
}
