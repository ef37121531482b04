import { z } from 'zod';
import { ZWindowQuery } from './calendar';

/**
 * GET /api/employees/{id}/absence-totals: one person's absences in a window, per type, counted by the one rule
 * (shared/domain/absence-takes.ts) the exceptions report, a request's hours and the balance read (issue 47).
 */
export const ZAbsenceTotalsQuery = ZWindowQuery;

const totals = {
  /** Exceptions overlapping the window. */
  count: z.number().int(),
  /** Days away, a part day as its share of the day; one decimal. */
  daysAway: z.number(),
  /** Contract hours the absences took; one decimal. */
  hoursAway: z.number(),
  /** Hours added by additive types; one decimal. */
  hoursExtra: z.number(),
};

export const ZAbsenceTotals = z.object({
  employeeId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  types: z.array(z.object({ reasonId: z.number().int(), name: z.string(), isAdditive: z.boolean(), ...totals })),
  totals: z.object(totals),
});
export type TAbsenceTotals = z.infer<typeof ZAbsenceTotals>;
