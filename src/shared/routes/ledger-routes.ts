import { ZAbsenceTotals, ZAbsenceTotalsQuery } from '../contracts/absence-totals';
import { ZIdParams } from '../contracts/common';
import { routes } from './route-spec';

/** Figures read through the one rule of what a day is worth and what an absence takes (issue 47). */
export const ledgerRoutes = routes({
  'GET /api/employees/:id/absence-totals': { params: ZIdParams, query: ZAbsenceTotalsQuery, reply: ZAbsenceTotals },
});
