import { z } from 'zod';

export const ZIdParams = z.object({
  id: z.coerce.number({ message: 'Id must be a number' }).int('Id must be a whole number').positive('Id must be positive').max(2147483647, 'Id is out of range'),
});
export type TIdParams = z.infer<typeof ZIdParams>;

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
