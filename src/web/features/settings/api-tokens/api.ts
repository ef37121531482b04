import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiTokenRequest } from '../../../../shared/contracts/api-tokens';
import { toast } from '../../../components/ui/toast';
import { api, messageOf } from '../../../lib/api';
import { apiTokensKey } from '../../../lib/query-keys';
import { apiTokenTexts } from './messages';

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: messageOf(err, 'Please try again.'), variant: 'destructive' });

export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: () => api('GET /api/api-tokens') });
}

export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiTokenRequest) => api('POST /api/api-tokens', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokensKey }),
    onError: failed(apiTokenTexts.createFailed),
  });
}

export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/api-tokens/:id', { params: { id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: apiTokensKey });
      toast({ title: apiTokenTexts.revoked, variant: 'success' });
    },
    onError: failed(apiTokenTexts.revokeFailed),
  });
}
