import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCoverageRules, TCoverageRulesInput } from '../../../../shared/contracts/coverage';
import { coverageMessages } from '../../../../shared/domain/coverage-messages';
import { toast } from '../../../components/ui/toast';
import { api, messageOf } from '../../../lib/api';
import { coverageRulesKey } from '../../../lib/query-keys';

export const useCoverageRules = () => useQuery({ queryKey: coverageRulesKey, queryFn: () => api('GET /api/coverage-rules') });

/** Sends the form's PUTs in turn (form.ts says which); the last reply is the rules as they now stand. */
export function useSaveCoverageRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (requests: TCoverageRulesInput[]) => {
      let last: TCoverageRules | undefined;
      for (const body of requests) last = await api('PUT /api/coverage-rules', { body });
      return last;
    },
    onSuccess: (data) => {
      if (data) qc.setQueryData(coverageRulesKey, data);
      // The calendar's windows of the rules (same path, then the window) read them again.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === coverageRulesKey[0] && q.queryKey.length > 1 });
      toast({ title: coverageMessages.rulesSaved, variant: 'success' });
    },
    onError: (err) =>
      toast({ title: 'Failed to save the minimum hours', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
}
