import { z } from 'zod';
import { ZMeResponse, ZSitesResponse } from './auth';
import { MAX_WINDOW_DAYS, ZDayChange, ZExceptionView, ZHoliday, ZNoteView, ZReason } from './calendar';
import { ZDay } from './common';
import { ZCoverageWeekdays } from './coverage';
import { ZEmployee } from './employees';
import { ZSettings } from './settings';
import { ZSubscriptionStatus } from './subscriptions';
import { ZCalendarTeam } from './teams';
import { ZLeaveRequestList } from './leave-requests';

/** `GET /api/calendar` (decision 032): everything the calendar draws, for one window, in one reply. */

const span = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export const ZCalendarQuery = z
  .object({
    startDate: ZDay,
    endDate: ZDay,
    /** Day changes may cover another window (the calendar lists today to two years ahead); default the window. */
    dayChangesStartDate: ZDay.optional(),
    dayChangesEndDate: ZDay.optional(),
    /** `1`: also answer what the signed-in shell draws (user, site list, subscription), for the first load. */
    shell: z.enum(['0', '1']).optional(),
  })
  .refine((q) => q.endDate >= q.startDate, { message: 'endDate must not be before startDate', path: ['endDate'] })
  .refine((q) => span(q.startDate, q.endDate) <= MAX_WINDOW_DAYS, {
    message: `The date window may span at most ${MAX_WINDOW_DAYS} days`,
    path: ['endDate'],
  })
  .refine((q) => (q.dayChangesStartDate === undefined) === (q.dayChangesEndDate === undefined), {
    message: 'dayChangesStartDate and dayChangesEndDate go together',
    path: ['dayChangesEndDate'],
  })
  .refine(
    (q) =>
      !q.dayChangesStartDate ||
      !q.dayChangesEndDate ||
      (q.dayChangesEndDate >= q.dayChangesStartDate && span(q.dayChangesStartDate, q.dayChangesEndDate) <= MAX_WINDOW_DAYS),
    {
      message: `The day-changes window must be in order and span at most ${MAX_WINDOW_DAYS} days`,
      path: ['dayChangesEndDate'],
    },
  );
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

export const ZCalendarShell = z.object({
  me: ZMeResponse,
  sites: ZSitesResponse,
  subscription: ZSubscriptionStatus,
  /**
   * The window's pending time-off requests as `GET /api/leave-requests?status=pending&from=&to=` answers them for
   * this user (Staff: their own), so the first draw needs no second request; the user's own, so never cached.
   */
  pendingRequests: ZLeaveRequestList.optional(),
});
export type TCalendarShell = z.infer<typeof ZCalendarShell>;

export const ZCalendarCoverage = z.object({
  versions: z.array(z.object({ validFrom: ZDay, weekdays: ZCoverageWeekdays })),
  overrides: z.record(z.string(), z.number()),
});

export const ZCalendarResponse = z.object({
  employees: z.array(ZEmployee),
  reasons: z.array(ZReason),
  /** The site's teams in order (decision 085); the compact reply always carries them. */
  teams: z.array(ZCalendarTeam).optional(),
  exceptions: z.array(ZExceptionView),
  notes: z.array(ZNoteView),
  holidays: z.array(ZHoliday),
  dayChanges: z.array(ZDayChange),
  settings: ZSettings,
  /** The site's minimum hours for the window (decision 099), in the shape the coverage engine reads. */
  coverage: ZCalendarCoverage.optional(),
  /** Staff replies only (decision 106): by date, the site's available hours less the caller's own. */
  othersHours: z.record(z.string(), z.number()).optional(),
  shell: ZCalendarShell.optional(),
});
export type TCalendarResponse = z.infer<typeof ZCalendarResponse>;
