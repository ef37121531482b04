/**
 * What an exception shows when its employee or type is not among the site's (spec §7). Apart from the zod
 * contracts so the web app's entry chunk, which decodes the first calendar reply, does not carry zod.
 */
export const UNKNOWN_EMPLOYEE = 'Unknown Employee';
export const UNKNOWN_REASON = 'Unknown Reason';
export const UNKNOWN_REASON_COLOR = '#ccc';
