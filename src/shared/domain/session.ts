/**
 * How long a session lasts (spec §4): 9 hours without activity signs out, on the server (the session row
 * slides on every request) and in the web app (no mouse, key, scroll or touch). However active, a session
 * ends 12 hours after sign-in (ASVS 3.3.2 level 2; decision 065): a working day, then sign in again.
 */
export const SESSION_IDLE_MS = 9 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
