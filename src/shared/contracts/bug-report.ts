import { z } from 'zod';

export const ZBugReportRequest = z.object({
  subject: z
    .string({ message: 'Please provide a subject for your bug report.' })
    .trim()
    .min(1, 'Please provide a subject for your bug report.')
    .max(200, 'Subject must be 200 characters or fewer.'),
  details: z
    .string({ message: 'Please provide details about the bug you encountered.' })
    .trim()
    .min(1, 'Please provide details about the bug you encountered.')
    .max(10000, 'Details must be 10,000 characters or fewer.'),
});
export type TBugReportRequest = z.infer<typeof ZBugReportRequest>;
