import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateUserRequest, TSiteUser, TUpdateUserRequest } from '../../../shared/contracts/users';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';

import { employeesKey, sitePermissionsKey as permissionsKey, siteUsersKey } from '../../lib/query-keys';
import { MESSAGES, type Titled } from '../../lib/messages';

/** Spec 02 §8: each failure toast is its title with 'Please try again.', whatever the server said. */
const failed = (text: Titled) => () => toast({ ...text, variant: 'destructive' });

export function useSiteUsers() {
  return useQuery({ queryKey: siteUsersKey, queryFn: () => api('GET /api/auth/site-users') });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateUserRequest) => api('POST /api/auth/create-user', { body }),
    onSuccess: async (user) => {
      toast({ title: 'User created', description: `${user.email} can now sign in.`, variant: 'success' });
      await Promise.all([qc.invalidateQueries({ queryKey: siteUsersKey }), qc.invalidateQueries({ queryKey: employeesKey })]);
    },
    onError: failed(MESSAGES.users.createFailed),
  });
}

/** The role and linked employee of a user (decision 091); the employees list shows who has a sign-in. */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ user, body }: { user: TSiteUser; body: TUpdateUserRequest }) =>
      api('PATCH /api/auth/users/:id', { params: { id: user.id }, body }),
    onSuccess: async (user) => {
      toast({ title: 'User updated', description: `${user.email} is saved.`, variant: 'success' });
      await Promise.all([qc.invalidateQueries({ queryKey: siteUsersKey }), qc.invalidateQueries({ queryKey: employeesKey })]);
    },
    onError: failed(MESSAGES.users.updateFailed),
  });
}

export function useToggleUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (user: TSiteUser) => api('PATCH /api/auth/users/:id/toggle-status', { params: { id: user.id } }),
    onSuccess: async (res, user) => {
      toast({
        title: res.isActive ? 'User activated' : 'User deactivated',
        description: res.isActive ? `${user.email} can sign in again.` : `${user.email} has been signed out and can no longer sign in.`,
        variant: 'success',
      });
      await qc.invalidateQueries({ queryKey: siteUsersKey });
    },
    onError: failed(MESSAGES.users.updateFailed),
  });
}

export function useSitePermissions(userId: number | null) {
  return useQuery({
    queryKey: permissionsKey(userId ?? 0),
    queryFn: () => api('GET /api/auth/users/:id/site-permissions', { params: { id: userId ?? 0 } }),
    enabled: userId !== null,
    // Always read fresh when the dialog opens: another admin may have changed it.
    staleTime: 0,
  });
}

export function useSaveSitePermissions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ user, siteIds }: { user: TSiteUser; siteIds: number[] }) =>
      api('PUT /api/auth/users/:id/site-permissions', { params: { id: user.id }, body: { siteIds } }),
    onSuccess: (res, { user }) => {
      qc.setQueryData(permissionsKey(user.id), res);
      toast({
        title: 'Site access updated',
        description: `${user.email} can now use ${res.siteIds.length + 1} ${res.siteIds.length ? 'sites' : 'site'}.`,
        variant: 'success',
      });
    },
    onError: failed(MESSAGES.users.permissionsFailed),
  });
}
