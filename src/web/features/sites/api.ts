import { useQuery } from '@tanstack/react-query';
import type { TSiteSummary } from '../../../shared/contracts/auth';
import { get } from '../../lib/api';

export const sitesKey = ['/api/sites'] as const;

export function useSites(enabled: boolean) {
  return useQuery({ queryKey: sitesKey, queryFn: () => get<TSiteSummary[]>('/api/sites'), enabled });
}
