import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useMe } from '../../lib/session';

export interface NavLinkItem {
  to: string;
  label: string;
}

const approversKey = ['/api/leave-approvers'] as const;

/**
 * The time-off pages each person reaches (decision 093): My time off for anyone linked to an employee,
 * Requests for those who decide them (the site's admins, or the users named as approvers).
 */
export function useTimeOffLinks(): NavLinkItem[] {
  const me = useMe().data?.user;
  const asks = !!me && !me.isAdmin && !me.isStaff;
  // Only a non-admin who is not Staff needs the list to know; a refusal reads as "not an approver".
  const approvers = useQuery({
    queryKey: approversKey,
    queryFn: () => api('GET /api/leave-approvers'),
    enabled: asks,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
  if (!me) return [];
  const links: NavLinkItem[] = [];
  if (me.employeeId !== null) links.push({ to: '/time-off', label: 'My time off' });
  if (me.isAdmin || (asks && approvers.data?.userIds.includes(me.id))) links.push({ to: '/requests', label: 'Requests' });
  return links;
}
