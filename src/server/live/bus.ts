import type { LiveKind } from '../../shared/contracts/live';

/**
 * What instances tell each other. Kept small (PostgreSQL caps a NOTIFY payload at 8000 bytes): ids only,
 * never rows. `inst` is the sending process, so an instance can tell its own presence from others'.
 */
export type BusMessage =
  | { t: 'change'; site: number; kind: LiveKind; ids: number[]; tab?: string }
  | { t: 'presence'; inst: string; seq: number; site: number; users: number[] }
  | { t: 'hello'; inst: string }
  | { t: 'bye'; inst: string }
  /** Sockets matching this must re-read their session: it ended, switched site, or its user changed. */
  | { t: 'recheck'; sid?: string; uid?: number; site?: number }
  /** Sent by the database's triggers when a site's calendar data changed (no site: business-wide types). */
  | { t: 'data'; site?: number };

export interface LiveBus {
  readonly kind: 'in-process' | 'postgres';
  publish(message: BusMessage): Promise<void>;
  onMessage(handler: (message: BusMessage) => void): void;
  /** Called with false when announcements can no longer travel, and true once they can again. */
  onStatus(handler: (up: boolean) => void): void;
  isUp(): boolean;
  close(): Promise<void>;
}

/** A NOTIFY payload as a message; undefined when it is not one. */
export function parseBusMessage(payload: string | undefined): BusMessage | undefined {
  if (!payload) return undefined;
  try {
    return JSON.parse(payload) as BusMessage;
  } catch {
    return undefined;
  }
}

/** At most this many ids in one merged change: a NOTIFY payload must stay under 8000 bytes. */
const MAX_MERGED_IDS = 200;

/**
 * Messages to send together, with each change merged into the one before it when both are changes of the
 * same site, kind and tab: under a burst of writes to one site, one notification instead of one per write
 * for every instance to receive and parse. Only neighbours merge, so the order of everything else is kept.
 * Receivers read a change's kind and site (the ids only travel along), so a merged one means the same.
 */
export function mergeChanges(messages: readonly BusMessage[]): BusMessage[] {
  const out: BusMessage[] = [];
  for (const m of messages) {
    const last = out[out.length - 1];
    if (
      m.t === 'change' &&
      last?.t === 'change' &&
      last.site === m.site &&
      last.kind === m.kind &&
      last.tab === m.tab &&
      last.ids.length + m.ids.length <= MAX_MERGED_IDS
    ) {
      out[out.length - 1] = { ...last, ids: [...new Set([...last.ids, ...m.ids])] };
    } else {
      out.push(m);
    }
  }
  return out;
}

/**
 * One process on the embedded database: nothing to cross, so messages go straight to the handlers.
 * `deliver` hands over what the database's own triggers notify, at once and in order.
 */
export function createInProcessBus(): LiveBus & { deliver(message: BusMessage): void } {
  const handlers: Array<(m: BusMessage) => void> = [];
  return {
    deliver: (message) => handlers.forEach((h) => h(message)),
    kind: 'in-process',
    async publish(message) {
      // Delivered on a later tick, like a NOTIFY, so publishers never run handlers inside their own call.
      setImmediate(() => handlers.forEach((h) => h(message)));
    },
    onMessage: (h) => void handlers.push(h),
    onStatus: () => undefined,
    isUp: () => true,
    close: async () => undefined,
  };
}
