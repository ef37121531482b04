import { useQuery } from '@tanstack/react-query';
import type { TSiteSummary } from '../../../shared/contracts/auth';
import { get } from '../../lib/api';
import { API_PATHS, sitesKey } from '../../lib/query-keys';

export { sitesKey };

export function useSites(enabled: boolean) {
  return useQuery({ queryKey: sitesKey, queryFn: () => get<TSiteSummary[]>(API_PATHS.sites), enabled });
}
