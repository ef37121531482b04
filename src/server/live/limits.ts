/**
 * What one session and one socket may cost the server (decision 067). A tab needs one socket and sends
 * nothing but the odd keep-alive, so the limits sit far above real use and far below an attack's.
 */

/** Sockets one session may hold on one instance: ten tabs of the app open at once is already a lot. */
export const MAX_SOCKETS_PER_SESSION = 10;

/** Per socket and window: messages and bytes a client may send before the socket is closed as a flood. */
export const MESSAGE_BUDGET = { messages: 30, bytes: 16 * 1024, windowMs: 10_000 } as const;

/** How long a closed socket's peer has to finish the closing handshake before it is cut off. */
export const CLOSE_GRACE_MS = 1_000;

/**
 * A fixed-window budget: `spend` answers false once the window's messages or bytes are used up, and the
 * next window starts afresh. Kept per socket, so one flooding tab never costs another its budget.
 */
export function messageBudget(
  limits: { messages: number; bytes: number; windowMs: number } = MESSAGE_BUDGET,
  now: () => number = Date.now,
) {
  let windowStart = now();
  let messages = 0;
  let bytes = 0;
  return {
    spend(size: number): boolean {
      const t = now();
      if (t - windowStart >= limits.windowMs) {
        windowStart = t;
        messages = 0;
        bytes = 0;
      }
      messages += 1;
      bytes += size;
      return messages <= limits.messages && bytes <= limits.bytes;
    },
  };
}
