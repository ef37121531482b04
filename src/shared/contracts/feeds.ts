import { z } from 'zod';

/** POST /api/calendar-feeds: a site feed (no employee) or one employee's feed. */
export const ZCreateFeedRequest = z.object({
  employeeId: z
    .number({ message: 'Employee must be a number' })
    .int('Employee must be a number')
    .positive('Employee must be a number')
    .nullable()
    .default(null),
  includeNotes: z.boolean({ message: 'includeNotes must be true or false' }).default(false),
});
export type TCreateFeedRequest = z.input<typeof ZCreateFeedRequest>;

export const ZFeed = z.object({
  id: z.number(),
  employeeId: z.number().nullable(),
  /** The employee's name, or null for the whole site. */
  employeeName: z.string().nullable(),
  includeNotes: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** False while the feed answers 404 because its creator is inactive or lost the site (decision 063). */
  active: z.boolean(),
  /** Whether the reader may renew and revoke it: an admin every feed of the site, anyone else their own. */
  canManage: z.boolean(),
});
export type TFeed = z.infer<typeof ZFeed>;
export const ZFeedList = z.array(ZFeed);

/** Create and renew answer the secret URL once; only its hash is stored. */
export const ZFeedWithUrl = ZFeed.extend({ url: z.string() });
export type TFeedWithUrl = z.infer<typeof ZFeedWithUrl>;

/** The public feed path's parameter: the token as issued (base64url of 32 bytes) plus ".ics". */
export const ZFeedTokenParams = z.object({ token: z.string().max(200) });
/** `pending=1`: also the time-off requests awaiting approval, as tentative events (decision 092). */
export const ZFeedQuery = z.object({
  pending: z.enum(['0', '1', 'true', 'false'], { message: 'pending must be 1 or 0' }).optional(),
  /** `1`: the days under the site's minimum hours as all-day events (decision 099). */
  shortfalls: z.enum(['0', '1', 'true', 'false'], { message: 'shortfalls must be 1 or 0' }).optional(),
});

export const feedMessages = {
  notFound: 'Calendar feed not found',
  employeeFeedAdminOnly: 'Only admins can create a feed for one employee',
  revoked: 'Calendar feed revoked',
} as const;
