import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiTokenCreated, TApiTokenList, TApiTokenRequest } from '../../../../shared/contracts/api-tokens';
import type { TMessage } from '../../../../shared/contracts/common';
import { toast } from '../../../components/ui/toast';
import { del, get, messageOf, post } from '../../../lib/api';
import { apiTokensKey } from '../../../lib/query-keys';
import { apiTokenTexts } from './messages';

const failed = (title: string) => (err: unknown) => toast({ title, description: messageOf(err, 'Please try again.'), variant: 'destructive' });

export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: () => get<TApiTokenList>('/api/api-tokens') });
}

export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiTokenRequest) => post<TApiTokenCreated>('/api/api-tokens', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokensKey }),
    onError: failed(apiTokenTexts.createFailed),
  });
}

export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<TMessage>(`/api/api-tokens/${id}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: apiTokensKey });
      toast({ title: apiTokenTexts.revoked, variant: 'success' });
    },
    onError: failed(apiTokenTexts.revokeFailed),
  });
}
