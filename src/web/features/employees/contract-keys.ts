/**
 * Query keys the employee changes refresh (decision 107) besides the list: a small module of its own, so the
 * employees page's first load does not carry the contract history's client (contracts-api.ts) to name them.
 * Keyed apart from '/api/employees': list-wide cache writes on that key (setQueriesData) must not reach a
 * contract list, while invalidating it by hand keeps both in step.
 */
export const contractsKey = (employeeId: number) => ['/api/employees/:id/contracts', employeeId] as const;
export const DAY_EXPLAIN_PATH = '/api/day-explain';
