import { z } from 'zod';
import { zText } from './common';
import { MAX_REPORT_RECIPIENTS, reportMessages } from './reports';

/**
 * Saved recipient lists of the Reports screen (decision 082): a user's own, on the current site. The
 * addresses follow the report e-mail's rules (valid, at most 20, duplicates in any case dropped), so a
 * saved list can always be sent as it is.
 */

export const MAX_RECIPIENT_LISTS = 20;
export const MAX_RECIPIENT_LIST_NAME = 60;

export const recipientListMessages = {
  nameRequired: 'List name is required',
  nameTooLong: `List name must be at most ${MAX_RECIPIENT_LIST_NAME} characters`,
  nameTaken: 'You already have a list with this name',
  tooManyLists: `You can have at most ${MAX_RECIPIENT_LISTS} recipient lists. Delete one to add another.`,
  deleted: 'Recipient list deleted',
} as const;

/** An address as a list keeps it: trimmed, and no longer than an address can be. */
const ZAddress = z
  .string({ message: reportMessages.emailRequired })
  .trim()
  .min(1, 'An email address must not be blank')
  .max(254, 'An email address is at most 254 characters')
  .refine((a) => z.email().safeParse(a).success, { error: (issue) => reportMessages.badAddress(String(issue.input)) });

/** Duplicates (any case) dropped, first spelling kept; counted after that, as the report e-mail counts them. */
export const ZRecipientAddresses = z
  .array(ZAddress, { message: 'Addresses must be a list of email addresses' })
  .max(100, reportMessages.tooManyRecipients)
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((a) => {
      const key = a.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((list) => list.length > 0, reportMessages.emailRequired)
  .refine((list) => list.length <= MAX_REPORT_RECIPIENTS, reportMessages.tooManyRecipients);

export const ZRecipientListRequest = z.object({
  name: zText({ field: 'List name', message: recipientListMessages.nameRequired })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, recipientListMessages.nameRequired).max(MAX_RECIPIENT_LIST_NAME, recipientListMessages.nameTooLong)),
  addresses: ZRecipientAddresses,
});
export type TRecipientListRequestIn = z.input<typeof ZRecipientListRequest>;

export const ZRecipientList = z.object({
  id: z.number().int(),
  name: z.string(),
  addresses: z.array(z.string()),
  updatedAt: z.string(),
});
export type TRecipientList = z.infer<typeof ZRecipientList>;

export const ZRecipientLists = z.object({
  /** The recipients of the user's last report e-mail from this site, or null before the first. */
  lastUsed: z.object({ addresses: z.array(z.string()), usedAt: z.string() }).nullable(),
  /** Named lists, by name. */
  lists: z.array(ZRecipientList),
  /** How many named lists a user may keep on a site. */
  maxLists: z.number().int(),
});
export type TRecipientLists = z.infer<typeof ZRecipientLists>;
