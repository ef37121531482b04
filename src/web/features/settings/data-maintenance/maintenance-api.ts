import { useMutation } from '@tanstack/react-query';
import type { TDataMaintenancePreviewQuery } from '../../../../shared/contracts/data-maintenance';
import { toast } from '../../../components/ui/toast';
import { api, messageOf } from '../../../lib/api';

/**
 * Asks the server what a run would remove and add (decision 080). A mutation, not a cached query: each
 * click reads the data as it is then, and nothing is kept to go stale under the confirmation.
 */
export function usePreviewMaintenance() {
  return useMutation({
    mutationFn: (days: { retentionDays: number; futureDataDays: number }) => {
      const query: TDataMaintenancePreviewQuery = {
        retentionDays: String(days.retentionDays),
        futureDataDays: String(days.futureDataDays),
      };
      return api('GET /api/data-maintenance/preview', { query });
    },
    onError: (err) =>
      toast({ title: 'Failed to preview data maintenance', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
}
