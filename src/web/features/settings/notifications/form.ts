import type { TSavedNotification, TSaveNotificationRequest } from '../../../../shared/contracts/notifications';

/** The dialog's values: the §3 fields, with recipients as the comma-separated text the user types. */
export interface NotificationFormValues {
  name: string;
  recipients: string;
  enabled: boolean;
  digestFrequency: 'daily' | 'weekly' | 'monthly';
  sendTime: string;
  userTimezone: string;
  weeklyDay: number;
  monthlyDate: number;
  upcomingExceptionsEnabled: boolean;
  upcomingExceptionDays: number;
  upcomingExceptionsSiteScope: 'current' | 'selected' | 'all';
  upcomingExceptionsSelectedSites: number[];
  upcomingExceptionsIncludeNotes: boolean;
  teamAvailabilityEnabled: boolean;
  teamAvailabilityPeriod: number;
  teamAvailabilitySiteScope: 'current' | 'selected' | 'all';
  teamAvailabilitySelectedSites: number[];
}

/** A browser's own IANA zone, when it has one; the spec's default is UTC. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Spec §3 defaults; §5: on create the recipient is the current user's e-mail. */
export function newFormValues(myEmail: string, timeZone = 'UTC'): NotificationFormValues {
  return {
    name: '',
    recipients: myEmail,
    enabled: true,
    digestFrequency: 'daily',
    sendTime: '08:00',
    userTimezone: timeZone,
    weeklyDay: 1,
    monthlyDate: 1,
    upcomingExceptionsEnabled: true,
    upcomingExceptionDays: 7,
    upcomingExceptionsSiteScope: 'current',
    upcomingExceptionsSelectedSites: [],
    upcomingExceptionsIncludeNotes: false,
    teamAvailabilityEnabled: false,
    teamAvailabilityPeriod: 7,
    teamAvailabilitySiteScope: 'current',
    teamAvailabilitySelectedSites: [],
  };
}

export function editFormValues(n: TSavedNotification): NotificationFormValues {
  const { recipientEmails, ...rest } = n;
  return {
    ...newFormValues('', n.userTimezone),
    ...Object.fromEntries(Object.entries(rest).filter(([k]) => k in newFormValues(''))),
    recipients: recipientEmails.join(', '),
  } as NotificationFormValues;
}

/** The request body: the server's schema reads the comma-separated text as the dialog does. */
export function toRequest(v: NotificationFormValues): TSaveNotificationRequest {
  const { recipients, ...rest } = v;
  return { ...rest, recipientEmails: recipients };
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Daily at 08:00", "Weekly on Friday at 17:30", "Monthly on day 28 at 06:00", plus the zone. */
export function scheduleText(
  n: Pick<TSavedNotification, 'digestFrequency' | 'sendTime' | 'weeklyDay' | 'monthlyDate' | 'userTimezone'>,
): string {
  const when =
    n.digestFrequency === 'weekly'
      ? `Weekly on ${WEEKDAY_NAMES[n.weeklyDay - 1]}`
      : n.digestFrequency === 'monthly'
        ? `Monthly on day ${n.monthlyDate}`
        : 'Daily';
  return `${when} at ${n.sendTime} (${n.userTimezone.replace(/_/g, ' ')})`;
}
