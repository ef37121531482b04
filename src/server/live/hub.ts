import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE, type LiveServerMessage, type LiveUser } from '../../shared/contracts/live';
import type { SessionRecord } from '../auth/sessions';
import type { BusMessage, LiveBus } from './bus';

/** One open socket: a signed-in tab joined to its session's current site. */
export interface Conn {
  ws: WebSocket;
  token: string;
  sessionId: string;
  userId: number;
  username: string;
  siteId: number;
  tab: string;
  alive: boolean;
}

export interface HubDeps {
  bus: LiveBus;
  /** The session behind a token as it is now (null once ended), without sliding its expiry. */
  readSession(token: string): Promise<SessionRecord | null>;
  /** Names of users another instance reports online (this one has no socket of theirs to read them from). */
  usernames(ids: number[]): Promise<Map<number, string>>;
  log?: { warn(obj: object, msg: string): void };
}

/** Another instance's report outlives two of its heartbeats; a silent instance drops out after this. */
export const PRESENCE_TTL_MS = 25_000;
const PRESENCE_DEBOUNCE_MS = 50;

const initialOf = (name: string) => (name.trim()[0] ?? '?').toUpperCase();

/**
 * The sockets of this instance by site, and who is online on each site across all instances. Changes come in
 * from the bus (every instance, this one included, hears each announcement once) and go out only to the
 * sockets of the site named in the message.
 */
export function createHub(deps: HubDeps) {
  const instance = randomUUID();
  const bySite = new Map<number, Set<Conn>>();
  const remote = new Map<string, Map<number, { users: number[]; at: number; seq: number }>>();
  const names = new Map<number, string>();
  const pending = new Map<number, NodeJS.Timeout>();
  const rounds = new Map<number, number>();
  let seq = 0;

  const send = (conn: Conn, text: string) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text);
  };
  const broadcast = (site: number, message: LiveServerMessage, exceptTab?: string) => {
    const conns = bySite.get(site);
    if (!conns) return;
    const text = JSON.stringify(message);
    for (const c of conns) if (c.tab !== exceptTab) send(c, text);
  };
  const localUsers = (site: number) => [...new Set([...(bySite.get(site) ?? [])].map((c) => c.userId))];

  async function presenceOf(site: number): Promise<LiveUser[]> {
    const ids = new Set(localUsers(site));
    const now = Date.now();
    for (const sites of remote.values()) {
      const entry = sites.get(site);
      if (entry && now - entry.at < PRESENCE_TTL_MS) entry.users.forEach((u) => ids.add(u));
    }
    const unknown = [...ids].filter((id) => !names.has(id));
    if (unknown.length) (await deps.usernames(unknown)).forEach((name, id) => names.set(id, name));
    return [...ids]
      .filter((id) => names.has(id))
      .map((id) => ({ userId: id, username: names.get(id)!, initial: initialOf(names.get(id)!) }))
      .sort((a, b) => a.username.localeCompare(b.username) || a.userId - b.userId);
  }

  /** Coalesces bursts (500 tabs opening at once) into one presence message per site. */
  function presenceChanged(site: number, { publish }: { publish: boolean }) {
    if (publish) publishPresence(site);
    if (pending.has(site)) return;
    pending.set(
      site,
      setTimeout(() => {
        pending.delete(site);
        if (!bySite.get(site)?.size) return;
        // A slower earlier computation (it had names to look up) must not overwrite a newer one.
        const round = (rounds.get(site) ?? 0) + 1;
        rounds.set(site, round);
        presenceOf(site)
          .then((users) => rounds.get(site) === round && broadcast(site, { t: 'presence', users }))
          .catch(warn('presence'));
      }, PRESENCE_DEBOUNCE_MS),
    );
  }

  /** `seq` orders this instance's reports: two NOTIFYs sent on different pooled connections may swap. */
  function publishPresence(site: number) {
    void deps.bus.publish({ t: 'presence', inst: instance, seq: ++seq, site, users: localUsers(site) }).catch(warn('presence'));
  }

  const warn = (what: string) => (err: unknown) =>
    deps.log?.warn({ component: 'live', err: (err as Error).message }, `live ${what} failed`);

  function add(conn: Conn) {
    names.set(conn.userId, conn.username);
    let set = bySite.get(conn.siteId);
    if (!set) bySite.set(conn.siteId, (set = new Set()));
    set.add(conn);
    presenceChanged(conn.siteId, { publish: true });
  }

  function remove(conn: Conn) {
    const set = bySite.get(conn.siteId);
    if (!set?.delete(conn)) return;
    if (!set.size) bySite.delete(conn.siteId);
    presenceChanged(conn.siteId, { publish: true });
  }

  /** Re-reads a socket's session: closed if it ended, moved if it now points at another site. */
  async function recheck(conn: Conn) {
    const session = await deps.readSession(conn.token);
    // The socket closed (or another re-read moved it) while the session was read: adding it back would
    // leave a closed tab online until the heartbeat dropped it.
    if (!bySite.get(conn.siteId)?.has(conn)) return;
    if (!session) {
      conn.ws.close(LIVE_CLOSE.sessionEnded, 'Session ended');
      remove(conn);
      return;
    }
    if (session.currentSiteId !== conn.siteId) {
      remove(conn);
      conn.siteId = session.currentSiteId;
      add(conn);
    }
  }

  const allConns = () => [...bySite.values()].flatMap((s) => [...s]);

  function recheckWhere(match: (c: Conn) => boolean) {
    for (const c of allConns()) if (match(c)) void recheck(c).catch(warn('session check'));
  }

  function onBusMessage(m: BusMessage) {
    switch (m.t) {
      case 'change':
        broadcast(m.site, { t: 'change', kind: m.kind, ids: m.ids }, m.tab);
        return;
      case 'presence': {
        if (m.inst === instance) return;
        let sites = remote.get(m.inst);
        if (!sites) remote.set(m.inst, (sites = new Map()));
        const known = sites.get(m.site);
        if (known && known.seq > m.seq) return;
        sites.set(m.site, { users: m.users, at: Date.now(), seq: m.seq });
        presenceChanged(m.site, { publish: false });
        return;
      }
      case 'hello':
        if (m.inst !== instance) for (const site of bySite.keys()) presenceChanged(site, { publish: true });
        return;
      case 'bye': {
        const sites = remote.get(m.inst);
        remote.delete(m.inst);
        sites?.forEach((_v, site) => presenceChanged(site, { publish: false }));
        return;
      }
      case 'recheck':
        recheckWhere(
          (c) =>
            (m.sid !== undefined && c.sessionId === m.sid) ||
            (m.uid !== undefined && c.userId === m.uid) ||
            (m.site !== undefined && c.siteId === m.site),
        );
        return;
    }
  }
  deps.bus.onMessage(onBusMessage);

  deps.bus.onStatus((up) => {
    if (up) {
      // Whatever was announced while the bus was down is lost: say hello so others re-announce presence.
      void deps.bus.publish({ t: 'hello', inst: instance }).catch(warn('hello'));
      return;
    }
    // Degrade to Offline: without the bus this instance would miss other instances' changes unnoticed.
    for (const c of allConns()) c.ws.close(LIVE_CLOSE.unavailable, 'Live updates unavailable');
  });

  let ticks = 0;
  /** Heartbeat: pings (a tab that stopped answering is dropped), re-announces presence, re-reads sessions. */
  function tick() {
    ticks++;
    const hb = JSON.stringify({ t: 'hb' } satisfies LiveServerMessage);
    for (const c of allConns()) {
      if (!c.alive) {
        c.ws.terminate();
        remove(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
      send(c, hb);
    }
    const now = Date.now();
    for (const [inst, sites] of remote) {
      for (const [site, entry] of sites) {
        if (now - entry.at < PRESENCE_TTL_MS) continue;
        sites.delete(site);
        presenceChanged(site, { publish: false });
      }
      if (!sites.size) remote.delete(inst);
    }
    if (deps.bus.kind === 'postgres') for (const site of bySite.keys()) publishPresence(site);
    // Sessions that simply expire announce nothing: every third beat re-reads them all.
    if (ticks % 3 === 0) recheckWhere(() => true);
  }

  async function close() {
    pending.forEach((t) => clearTimeout(t));
    for (const c of allConns()) c.ws.close(LIVE_CLOSE.goingAway, 'Server shutting down');
    bySite.clear();
    if (deps.bus.isUp()) await deps.bus.publish({ t: 'bye', inst: instance }).catch(() => undefined);
  }

  /** Sockets a session holds on this instance (its cap is per instance: decision 067). */
  const sessionSocketCount = (sessionId: string) => allConns().filter((c) => c.sessionId === sessionId).length;

  return { instance, add, remove, tick, close, onBusMessage, presenceOf, sessionSocketCount, socketCount: () => allConns().length };
}

export type Hub = ReturnType<typeof createHub>;
