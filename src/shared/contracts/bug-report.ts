import { z } from 'zod';
import { zText } from './common';

export const ZBugReportRequest = z.object({
  subject: zText({ field: 'Subject', message: 'Please provide a subject for your bug report.' })
    .trim()
    .min(1, 'Please provide a subject for your bug report.')
    .max(200, 'Subject must be 200 characters or fewer.'),
  details: zText({ field: 'Details', message: 'Please provide details about the bug you encountered.', multiline: true })
    .trim()
    .min(1, 'Please provide details about the bug you encountered.')
    .max(10000, 'Details must be 10,000 characters or fewer.'),
});
export type TBugReportRequest = z.infer<typeof ZBugReportRequest>;
