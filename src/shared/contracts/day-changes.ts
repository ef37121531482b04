import { z } from 'zod';
import { MAX_WINDOW_DAYS } from './calendar';
import { ZDay } from './common';

export const ZDayRequest = z.object({ date: ZDay });
export type TDayRequest = z.infer<typeof ZDayRequest>;

export const ZAuthoriseMultipleRequest = z.object({
  dates: z
    .array(ZDay, { message: 'dates must be a list of yyyy-MM-dd dates' })
    .max(MAX_WINDOW_DAYS, `At most ${MAX_WINDOW_DAYS} dates can be authorised at once`),
});
export type TAuthoriseMultipleRequest = z.infer<typeof ZAuthoriseMultipleRequest>;

/** How many of the given days were changed and unauthorised, and are now authorised. */
export const ZAuthoriseMultipleResponse = z.object({ count: z.number(), dates: z.array(z.string()) });
export type TAuthoriseMultipleResponse = z.infer<typeof ZAuthoriseMultipleResponse>;
