import { useMe } from '../../lib/session';

/**
 * The time-off pages each person reaches (decision 093): My time off for anyone linked to an employee;
 * Requests for those who may act on them, admins and other writers (approvers are admins or named writers,
 * managers cancel), not Staff or read-only users. The page says what each may decide.
 */
export function useTimeOffLinks(): Array<{ to: string; label: string }> {
  const me = useMe().data?.user;
  if (!me) return [];
  const links = me.employeeId !== null ? [{ to: '/time-off', label: 'My time off' }] : [];
  if (!me.isReadOnly) links.push({ to: '/requests', label: 'Requests' });
  return links;
}
