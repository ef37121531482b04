/**
 * How long a session lasts (spec §4): 9 hours without activity signs out, on the server (the session row
 * slides on every request) and in the web app (no mouse, key, scroll or touch). However active, a session
 * ends 7 days after sign-in, so a stolen cookie does not live forever.
 */
export const SESSION_IDLE_MS = 9 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
