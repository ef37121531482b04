/** Dates, hours and day counts for people to read (decision 114). */
export * from './dates';
export * from './hours';
