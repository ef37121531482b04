import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { sitesKey } from '../../lib/query-keys';

export { sitesKey };

export function useSites(enabled: boolean) {
  return useQuery({ queryKey: sitesKey, queryFn: () => api('GET /api/sites'), enabled });
}
