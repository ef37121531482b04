import type { NavEntry } from './nav-links';

type LinkUser = { isReadOnly: boolean; employeeId: number | null };

/**
 * The time-off pages each person reaches (decision 093), after the main links (nav-links.ts): My time off for
 * anyone linked to an employee; Requests for those who may act on them, admins and other writers (approvers
 * are admins or named writers, managers cancel), not Staff or read-only users. The page says what each may decide.
 */
export function timeOffLinks(user: LinkUser | undefined): NavEntry[] {
  if (!user) return [];
  const links = user.employeeId !== null ? [{ to: '/time-off', label: 'My time off' }] : [];
  if (!user.isReadOnly) links.push({ to: '/requests', label: 'Requests' });
  return links;
}
