import * as z from 'zod/mini';
import type { TEmployee } from '../../../shared/contracts/employees';
import type { TAuthoriseMultipleResponse } from '../../../shared/contracts/day-changes';

/*
 * The calendar's own checks of data it did not just fetch through the typed client, on zod/mini: a few kB
 * instead of full zod's 25, which would otherwise load with the calendar (decision 034). The shared
 * contracts stay full zod for the server and the forms; these only check a record's shape, whose rules
 * the server already enforced. The `satisfies` lines fail the typecheck when a contract changes shape.
 */

const hours = z.number();

/** An employee carried in drag data: the record the server sent, as the side panel had it. */
export const ZDraggedEmployee = z.object({
  id: z.number(),
  siteId: z.number(),
  sortOrder: z.number(),
  defaultHours: z.number(),
  name: z.string(),
  efficiency: z.number(),
  mondayHours: hours,
  tuesdayHours: hours,
  wednesdayHours: hours,
  thursdayHours: hours,
  fridayHours: hours,
  saturdayHours: hours,
  sundayHours: hours,
});
({}) as z.infer<typeof ZDraggedEmployee> satisfies TEmployee;
({}) as TEmployee satisfies z.infer<typeof ZDraggedEmployee>;

export const ZAuthoriseMultipleReply = z.object({ count: z.number(), dates: z.array(z.string()) });
({}) as z.infer<typeof ZAuthoriseMultipleReply> satisfies TAuthoriseMultipleResponse;
