import { z } from 'zod';
import { isValidTimeZone } from '../domain/time-zones';

/** Spec 02 §9: the choices the notification dialog offers, and §3 defaults. */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const SITE_SCOPES = ['current', 'selected', 'all'] as const;
export const UPCOMING_EXCEPTION_DAYS = [1, 2, 3, 7, 14, 30] as const;
export const TEAM_AVAILABILITY_PERIODS = [1, 2, 7, 14, 30] as const;
/** Every 30 minutes from 00:00 to 23:30. */
export const SEND_TIMES: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

/** Decision 064: each digest mails at most this many addresses, so saved digests cannot be used as a mail relay. */
export const MAX_DIGEST_RECIPIENTS = 10;

export const notificationMessages = {
  nameRequired: 'Please enter a name for the notification.',
  recipientsRequired: 'Please enter at least one recipient email address.',
  invalidRecipient: (email: string) => `Not a valid email address: ${email}`,
  tooManyRecipients: `A digest can have at most ${MAX_DIGEST_RECIPIENTS} recipients.`,
} as const;

const EMAIL = z.email();
/** Spec §5: split by commas, trimmed, empties dropped. */
export function splitRecipients(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
export const isValidEmail = (s: string) => s.length <= 255 && EMAIL.safeParse(s).success;

/** recipientEmails may arrive as an array or as JSON text of one (the older clients sent text). */
const ZRecipients = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      // Plain "a@x, b@y" text is read as the dialog reads it.
      return splitRecipients(v);
    }
  },
  z
    .array(z.string({ message: notificationMessages.recipientsRequired }), { message: notificationMessages.recipientsRequired })
    .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0))
    .superRefine((list, ctx) => {
      if (list.length === 0) ctx.addIssue({ code: 'custom', message: notificationMessages.recipientsRequired });
      for (const email of list)
        if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', message: notificationMessages.invalidRecipient(email) });
      if (new Set(list.map((e) => e.toLowerCase())).size > MAX_DIGEST_RECIPIENTS)
        ctx.addIssue({ code: 'custom', message: notificationMessages.tooManyRecipients });
    }),
);

const ZPeriod = <T extends readonly number[]>(choices: T, what: string) =>
  z.coerce
    .number({ message: `${what} must be a number` })
    .refine((n) => (choices as readonly number[]).includes(n), `${what} must be one of ${choices.join(', ')} days`)
    // A refine is invisible to JSON Schema: the document states the choices itself.
    .meta({ enum: [...choices] });

const ZSiteIds = z.array(z.number().int().positive()).max(200).default([]);
const ZSendTime = z
  .string()
  .refine((v) => SEND_TIMES.includes(v), 'Send time must be on the hour or half hour, 00:00 to 23:30')
  .meta({ pattern: '^([01][0-9]|2[0-3]):[03]0$' });
/** Free text of this feature; kept here so the merge can move it onto the shared text helper. */
const ZName = z
  .string({ message: notificationMessages.nameRequired })
  .trim()
  .min(1, notificationMessages.nameRequired)
  .max(100, 'At most 100 characters');

/** The fields of §3 a client sets, each with its default. */
export const ZSaveNotificationRequest = z.object({
  name: ZName,
  enabled: z.boolean().default(true),
  recipientEmails: ZRecipients,
  digestFrequency: z.enum(DIGEST_FREQUENCIES, { message: 'Frequency must be daily, weekly or monthly' }).default('daily'),
  sendTime: ZSendTime.default('08:00'),
  userTimezone: z.string().refine(isValidTimeZone, 'Unknown time zone').default('UTC'),
  weeklyDay: z.coerce
    .number()
    .int()
    .min(1, 'Weekly day must be 1 (Monday) to 7 (Sunday)')
    .max(7, 'Weekly day must be 1 (Monday) to 7 (Sunday)')
    .default(1),
  monthlyDate: z.coerce.number().int().min(1, 'Monthly date must be 1 to 28').max(28, 'Monthly date must be 1 to 28').default(1),
  upcomingExceptionsEnabled: z.boolean().default(true),
  upcomingExceptionDays: ZPeriod(UPCOMING_EXCEPTION_DAYS, 'Upcoming exceptions period').default(7),
  upcomingExceptionsSiteScope: z.enum(SITE_SCOPES, { message: 'Scope must be current, selected or all' }).default('current'),
  upcomingExceptionsSelectedSites: ZSiteIds,
  upcomingExceptionsIncludeNotes: z.boolean().default(false),
  teamAvailabilityEnabled: z.boolean().default(false),
  // Number, numeric string or null; null (or absent) becomes 7.
  teamAvailabilityPeriod: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? 7 : v),
    ZPeriod(TEAM_AVAILABILITY_PERIODS, 'Team availability period'),
  ),
  teamAvailabilitySiteScope: z.enum(SITE_SCOPES, { message: 'Scope must be current, selected or all' }).default('current'),
  teamAvailabilitySelectedSites: ZSiteIds,
});
export type TSaveNotificationRequest = z.input<typeof ZSaveNotificationRequest>;
export type TNotificationFields = z.output<typeof ZSaveNotificationRequest>;

export const ZSavedNotification = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  siteId: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  recipientEmails: z.array(z.string()),
  digestFrequency: z.enum(DIGEST_FREQUENCIES),
  sendTime: z.string(),
  userTimezone: z.string(),
  weeklyDay: z.number(),
  monthlyDate: z.number(),
  upcomingExceptionsEnabled: z.boolean(),
  upcomingExceptionDays: z.number(),
  upcomingExceptionsSiteScope: z.enum(SITE_SCOPES),
  upcomingExceptionsSelectedSites: z.array(z.number()),
  upcomingExceptionsIncludeNotes: z.boolean(),
  teamAvailabilityEnabled: z.boolean(),
  teamAvailabilityPeriod: z.number(),
  teamAvailabilitySiteScope: z.enum(SITE_SCOPES),
  teamAvailabilitySelectedSites: z.array(z.number()),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The owner's e-mail, so an admin's list tells whose each one is; null when the owner was removed. */
  ownerEmail: z.string().nullable(),
});
export type TSavedNotification = z.infer<typeof ZSavedNotification>;
export const ZSavedNotificationList = z.array(ZSavedNotification);

export const ZToggleNotificationRequest = z.object({ enabled: z.boolean({ message: 'enabled must be true or false' }) });

/** The older per-site record (§3 "Notification settings"), in its own snake_case shape. */
export const ZNotificationSettings = z.object({
  site_id: z.number(),
  enabled: z.boolean(),
  upcoming_exceptions_enabled: z.boolean(),
  upcoming_exception_days: z.number(),
  recipient_emails: z.string(),
  digest_frequency: z.enum(DIGEST_FREQUENCIES),
  send_time: z.string(),
  last_sent_at: z.string().nullable(),
  team_availability_enabled: z.boolean(),
  team_availability_period: z.number(),
  team_availability_site_scope: z.enum(SITE_SCOPES),
  team_availability_selected_sites: z.array(z.number()),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZUpdateNotificationSettingsRequest = z.object({
  enabled: z.boolean().default(false),
  upcoming_exceptions_enabled: z.boolean().default(true),
  upcoming_exception_days: ZPeriod(UPCOMING_EXCEPTION_DAYS, 'Upcoming exceptions period').default(7),
  // The older record kept recipients as text: a JSON list or comma-separated addresses; empty is allowed while disabled.
  recipient_emails: z.union([z.string(), z.array(z.string())]).default(''),
  digest_frequency: z.enum(DIGEST_FREQUENCIES).default('daily'),
  send_time: ZSendTime.default('08:00'),
  team_availability_enabled: z.boolean().default(false),
  team_availability_period: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? 7 : v),
    ZPeriod(TEAM_AVAILABILITY_PERIODS, 'Team availability period'),
  ),
  team_availability_site_scope: z.enum(SITE_SCOPES).default('current'),
  team_availability_selected_sites: ZSiteIds,
});
export type TUpdateNotificationSettingsRequest = z.input<typeof ZUpdateNotificationSettingsRequest>;

export const ZTestEmailRequest = z.object({
  email: z.string({ message: 'Please enter a valid email address' }).trim().pipe(z.email('Please enter a valid email address').max(255)),
});
