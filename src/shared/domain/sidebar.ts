/** The side panel's sections; zod-free so the calendar can read them without loading zod (decision 034). */
export const SIDEBAR_CATEGORIES = ['employees', 'notes', 'exceptions'] as const;
