import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { SessionRecord } from '../auth/sessions';
import type { BusMessage, LiveBus } from './bus';
import { createHub, type Conn } from './hub';

/** A bus that delivers to this hub only, and records what it was asked to publish. */
function loopBus() {
  const handlers: Array<(m: BusMessage) => void> = [];
  const published: BusMessage[] = [];
  const bus: LiveBus = {
    kind: 'postgres',
    publish: async (m) => void published.push(m),
    onMessage: (h) => void handlers.push(h),
    onStatus: () => undefined,
    isUp: () => true,
    close: async () => undefined,
  };
  return { bus, published, deliver: (m: BusMessage) => handlers.forEach((h) => h(m)) };
}

function socket() {
  const ws = { OPEN: 1, readyState: 1, send: () => undefined, close: () => undefined, ping: () => undefined, terminate: () => undefined };
  return ws as unknown as WebSocket;
}

const conn = (over: Partial<Conn> = {}): Conn => ({
  ws: socket(),
  token: 'token-a',
  sessionId: 'session-a',
  userId: 7,
  username: 'admin',
  siteId: 1,
  tab: 'tab-a',
  alive: true,
  ...over,
});

describe('live hub', () => {
  it('does not bring back a socket that closed while its session was being re-read', async () => {
    let answer!: (s: SessionRecord | null) => void;
    const { bus, published, deliver } = loopBus();
    const hub = createHub({
      bus,
      readSession: () => new Promise((resolve) => (answer = resolve)),
      usernames: async () => new Map(),
    });
    const c = conn();
    hub.add(c);
    // The session moved to site 2: every socket of it is re-read.
    deliver({ t: 'recheck', sid: 'session-a' });
    // The tab closes before the read answers.
    hub.remove(c);
    answer({ currentSiteId: 2 } as SessionRecord);
    await new Promise((r) => setTimeout(r, 0));
    expect(hub.socketCount()).toBe(0);
    const last = published.filter((m) => m.t === 'presence').at(-1);
    expect(last).toMatchObject({ site: 1, users: [] });
    expect(published.some((m) => m.t === 'presence' && m.site === 2)).toBe(false);
  });

  it("moves an open socket to its session's new site", async () => {
    const { bus, published, deliver } = loopBus();
    const hub = createHub({ bus, readSession: async () => ({ currentSiteId: 2 }) as SessionRecord, usernames: async () => new Map() });
    const c = conn();
    hub.add(c);
    deliver({ t: 'recheck', sid: 'session-a' });
    await new Promise((r) => setTimeout(r, 0));
    expect(hub.socketCount()).toBe(1);
    expect(c.siteId).toBe(2);
    expect(published.filter((m) => m.t === 'presence').slice(-2)).toMatchObject([
      { site: 1, users: [] },
      { site: 2, users: [7] },
    ]);
  });
});
