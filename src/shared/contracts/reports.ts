import { z } from 'zod';
import { toDayNumber } from '../domain/dates';

/**
 * Reports (spec 02 §2, §5, §7). One request shape serves the preview, the PDF, the CSV and the e-mail;
 * the spec's two spellings of the scope (`siteScope` and `includeAllSites`) and of the hours report
 * (`hours` and `available-hours`) are both accepted and folded into one here.
 */

export const MAX_REPORT_DAYS = 366;
export const MAX_REPORT_RECIPIENTS = 20;

export const reportMessages = {
  rangeOrder: 'End date must be on or after the start date',
  rangeTooLong: `A report covers at most ${MAX_REPORT_DAYS} days`,
  emailRequired: 'Please enter at least one email address',
  tooManyRecipients: `At most ${MAX_REPORT_RECIPIENTS} email addresses per report`,
  badAddress: (a: string) => `Not a valid email address: ${a}`,
} as const;

/** A report day: `yyyy-MM-dd`, or an ISO timestamp whose date part is taken (the preview call sends ISO). */
export const ZReportDay = z
  .string({ message: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Date must be in yyyy-MM-dd format')
  .transform((v) => v.slice(0, 10))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Date is not a real calendar day');

export const ZReportType = z
  .enum(['exceptions', 'hours', 'available-hours', 'balances'], { message: 'Report type must be exceptions, hours or balances' })
  .transform((v) => (v === 'available-hours' ? 'hours' : v));
/** `balances`: each employee's leave balance in the leave year the range ends in (decision 095). */
export type TReportType = 'exceptions' | 'hours' | 'balances';

export const ZSiteScope = z.enum(['current', 'all'], { message: 'Site scope must be current or all' });
export type TSiteScope = z.infer<typeof ZSiteScope>;

export const ZReportLayout = z.enum(['detailed', 'summary'], { message: 'Report format must be detailed or summary' });
export type TReportLayout = z.infer<typeof ZReportLayout>;

const rangeFields = {
  startDate: ZReportDay,
  endDate: ZReportDay,
};

/** Both spellings: all sites when either `includeAllSites` is true or `siteScope` is `all`. */
const scopeFields = {
  siteScope: ZSiteScope.optional(),
  includeAllSites: z.boolean().optional(),
};

const dayNumber = (d: unknown) => {
  try {
    return toDayNumber(String(d));
  } catch {
    return null;
  }
};

const withRange = <T extends { startDate: string; endDate: string }>(v: T, ctx: z.RefinementCtx) => {
  // Runs even when a date failed its own check (zod 4 refines the object anyway): then there is nothing to add.
  const a = dayNumber(v.startDate);
  const b = dayNumber(v.endDate);
  if (a === null || b === null) return;
  const days = b - a + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: reportMessages.rangeOrder });
  else if (days > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: reportMessages.rangeTooLong });
};

export const ZReportRequest = z
  .object({
    ...rangeFields,
    ...scopeFields,
    reportType: ZReportType.default('exceptions'),
    /** Detailed (rows) or Summary (totals). */
    format: ZReportLayout.default('detailed'),
    /** Spec §5's delivery field (email | pdf); accepted and not needed, the call already says which. */
    reportFormat: z.enum(['email', 'pdf']).optional(),
    includeNotes: z.boolean().default(false),
  })
  .superRefine(withRange);
export type TReportRequestIn = z.input<typeof ZReportRequest>;
export type TReportRequest = z.output<typeof ZReportRequest>;

/** Addresses separated by semicolons: each checked, empties dropped, duplicates (any case) dropped. */
export function parseRecipients(raw: string): { addresses: string[]; error?: string } {
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const part of raw.split(';')) {
    const a = part.trim();
    if (!a) continue;
    if (!z.email().safeParse(a).success) return { addresses, error: reportMessages.badAddress(a) };
    const key = a.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(a);
  }
  if (addresses.length === 0) return { addresses, error: reportMessages.emailRequired };
  if (addresses.length > MAX_REPORT_RECIPIENTS) return { addresses, error: reportMessages.tooManyRecipients };
  return { addresses };
}

export const ZEmailReportRequest = z
  .object({
    ...rangeFields,
    ...scopeFields,
    emailAddresses: z.string({ message: reportMessages.emailRequired }).max(5000, 'Too many email addresses'),
    reportType: ZReportType,
    format: ZReportLayout.default('detailed'),
    reportFormat: z.enum(['email', 'pdf']).optional(),
    includeNotes: z.boolean().default(false),
  })
  .superRefine(withRange)
  .transform((v, ctx) => {
    const { addresses, error } = parseRecipients(v.emailAddresses);
    if (error) {
      ctx.addIssue({ code: 'custom', path: ['emailAddresses'], message: error });
      return z.NEVER;
    }
    return { ...v, recipients: addresses };
  });
export type TEmailReportRequestIn = z.input<typeof ZEmailReportRequest>;

export const ZReportCountQuery = z.object({ ...rangeFields, siteScope: ZSiteScope.default('current') }).superRefine(withRange);

export const ZReportCount = z.object({
  /** Exceptions overlapping the range in the scope. */
  count: z.number().int(),
  /** Sites in the scope asked for. */
  sitesIncluded: z.array(z.string()),
  /** Every site the user may use: the "All Sites (n)" count. */
  siteCount: z.number().int(),
});
export type TReportCount = z.infer<typeof ZReportCount>;

export const ZReportPreview = z.object({
  totalExceptions: z.number().int(),
  sitesIncluded: z.array(z.string()),
  dateRange: z.object({ startDate: z.string(), endDate: z.string() }),
  /** The report as HTML; every user-supplied string escaped. */
  content: z.string(),
});
export type TReportPreview = z.infer<typeof ZReportPreview>;

export const ZPdfHtml = z.object({ htmlContent: z.string() });

export const ZEmailReportResponse = z.object({ message: z.string(), recipients: z.number().int() });
export type TEmailReportResponse = z.infer<typeof ZEmailReportResponse>;

/** Spec §9: `{reportType}_hierarchical_report_{start}_to_{end}.pdf`. */
export const reportFileName = (reportType: TReportType, start: string, end: string, ext: 'pdf' | 'csv' = 'pdf') =>
  `${reportType}_hierarchical_report_${start}_to_${end}.${ext}`;

export const resolveScope = (v: { siteScope?: TSiteScope; includeAllSites?: boolean }): TSiteScope =>
  v.includeAllSites === true || v.siteScope === 'all' ? 'all' : 'current';
