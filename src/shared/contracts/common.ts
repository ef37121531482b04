import { z } from 'zod';

export const ZIdParams = z.object({
  id: z.coerce
    .number({ message: 'Id must be a number' })
    .int('Id must be a whole number')
    .positive('Id must be positive')
    .max(2147483647, 'Id is out of range'),
});
export type TIdParams = z.infer<typeof ZIdParams>;

/** C0 controls and DEL, tab/line feed/carriage return kept for multi-line text. PostgreSQL refuses NUL outright. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;

export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;

/**
 * The base of every free-text field a request carries: a string without NUL or other control characters
 * (a clear 400 instead of a database error). `message` answers a missing or non-string value; single-line
 * fields also refuse tabs and line breaks, `multiline` ones keep them. Chain trim/min/max as usual.
 */
export const zText = (opts: { field: string; message?: string; multiline?: boolean }) =>
  z
    .string(opts.message === undefined ? undefined : { message: opts.message })
    .refine((v) => !(opts.multiline ? CONTROL_IN_MULTILINE : CONTROL_IN_LINE).test(v), controlCharacterMessage(opts.field));

/** The `version` a client last read, required on every versioned update so no edit overwrites another unseen. */
export const ZVersion = z
  .number({ error: (issue) => (issue.input === undefined ? 'Version is required: reload and try again' : 'Version must be a number') })
  .int('Version must be a whole number')
  .positive('Version must be positive');

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

export const ZDirection = z.enum(['up', 'down'], { message: 'Direction must be up or down' });

/** A calendar day as it crosses the wire: `yyyy-MM-dd`, and a real date. */
export const ZDay = z
  .string({ message: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be in yyyy-MM-dd format')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Date is not a real calendar day');

/** Hours are shown and stored to one decimal; this keeps the arithmetic honest at the edges. */
export const roundHours = (n: number) => Math.round(n * 10) / 10;

/** A yes/no query parameter ("true" or "false"), as a boolean; `fallback` when it is left out. */
export const queryFlag = (name: string, fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { message: `${name} must be true or false` })
    .default(fallback)
    .transform((v) => v === 'true');
