import { useMutation } from '@tanstack/react-query';
import type { TBugReportRequest } from '../../../shared/contracts/bug-report';
import { api } from '../../lib/api';

export const useSendBugReport = () => useMutation({ mutationFn: (body: TBugReportRequest) => api('POST /api/bug-report', { body }) });
