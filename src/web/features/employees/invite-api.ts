import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { employeesKey, siteUsersKey } from '../../lib/query-keys';

/** Invites an employee by e-mail: a Staff user linked to them, and a mail to set a password (decision 091). */
export function useInviteEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, email }: { employeeId: number; email: string }) =>
      api('POST /api/employees/:id/invite', { params: { id: employeeId }, body: { email } }),
    onSuccess: async (user) => {
      toast({ title: 'Invitation sent', description: `${user.email} can set a password within 72 hours.`, variant: 'success' });
      await Promise.all([qc.invalidateQueries({ queryKey: employeesKey }), qc.invalidateQueries({ queryKey: siteUsersKey })]);
    },
  });
}
