/**
 * The live socket's messages (decision 037). They name what changed, never the data itself: a client
 * refetches through the ordinary, tenancy-gated API, so a message cannot leak another site's rows.
 */

/** What changed on the site; each kind refreshes only the calendar lists it can affect. */
export const LIVE_KINDS = ['exceptions', 'notes', 'reasons', 'employees', 'dayChanges', 'holidays', 'settings', 'all'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

export interface LiveUser {
  userId: number;
  username: string;
  initial: string;
}

export type LiveServerMessage =
  | { t: 'presence'; users: LiveUser[] }
  | { t: 'change'; kind: LiveKind; ids: number[] }
  /** Announcements may have been lost (the server's bus reconnected): refetch everything shown. */
  | { t: 'resync' }
  /** Sent with every heartbeat so a client notices a dead connection that never closed. */
  | { t: 'hb' };

/** The socket's path; `tab` names the browser tab so its own changes are not announced back to it. */
export const LIVE_PATH = '/api/live';
/** Header every API call carries with the same tab id. */
export const LIVE_TAB_HEADER = 'x-live-tab';
export const TAB_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Close codes the client acts on: the session ended (sign in again) or the server is degraded (retry).
 * A session over its socket limit (4429) and a flooding socket (1008, policy violation) are closed too;
 * the client retries with its usual backoff, and gets in once one of the session's other tabs closes.
 */
export const LIVE_CLOSE = { sessionEnded: 4401, unavailable: 1013, goingAway: 1001, tooManySockets: 4429, flood: 1008 } as const;
