import { useMutation } from '@tanstack/react-query';
import type { TBugReportRequest } from '../../../shared/contracts/bug-report';
import { post } from '../../lib/api';

export const useSendBugReport = () => useMutation({ mutationFn: (body: TBugReportRequest) => post<{ message: string }>('/api/bug-report', body) });
