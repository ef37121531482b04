import websocket from '@fastify/websocket';
import { inArray } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { LIVE_CLOSE, LIVE_PATH, TAB_ID_PATTERN } from '../../shared/contracts/live';
import { AppError } from '../../shared/errors';
import { requireUser } from '../auth/access';
import { loadSession, SESSION_COOKIE } from '../auth/sessions';
import { siteUsers } from '../db/schema';
import { isOwnOrigin } from '../http/security';
import type { App, AppDeps } from '../http/types';
import { registerAnnouncer } from './announce';
import { createInProcessBus, parseBusMessage, type LiveBus } from './bus';
import { createHub, type Conn, type Hub } from './hub';
import { CLOSE_GRACE_MS, MAX_SOCKETS_PER_SESSION, messageBudget } from './limits';
import { createPgBus, LIVE_CHANNEL } from './pg-bus';

/** Ping and heartbeat period; a tab that misses one is dropped, so a vanished tab is gone within 20 s. */
export const HEARTBEAT_MS = 10_000;

const ZLiveQuery = z.object({ tab: z.string().regex(TAB_ID_PATTERN, 'Invalid tab id') });

const messageSize = (data: Buffer | ArrayBuffer | Buffer[]) =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;

/** Closes with a code and reason, and cuts off a peer that does not finish the closing handshake. */
function closeSocket(socket: WebSocket, code: number, reason: string) {
  socket.close(code, reason);
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}

/** The live bus, opened by app.ts before its hooks (the session cache listens to it too). */
export async function openLiveBus(app: App, deps: AppDeps): Promise<LiveBus> {
  const { database } = deps;
  if (database.kind !== 'postgres' || !database.pool) {
    const bus = createInProcessBus();
    // The database's triggers announce session changes (migration 0010); heard here like any message.
    const unlisten = await database.pglite?.listen(LIVE_CHANNEL, (payload) => {
      const message = parseBusMessage(payload);
      if (message) bus.deliver(message);
    });
    return { ...bus, close: async () => void (await unlisten?.()) };
  }
  return createPgBus({ client: database.pool.options, pool: database.pool, log: app.log });
}

/**
 * Live presence and updates (decision 037): the socket route, the announcer and the hub. On PostgreSQL the
 * announcements cross instances by LISTEN/NOTIFY (decision 038); on PGlite they stay in this process.
 */
export async function registerLive(app: App, deps: AppDeps, bus: LiveBus): Promise<void> {
  const { db } = deps.database;
  const hub = createHub({
    bus,
    readSession: (token) => loadSession(db, token, deps.now(), { touch: false }),
    usernames: async (ids) =>
      new Map(
        (await db.select({ id: siteUsers.id, username: siteUsers.username }).from(siteUsers).where(inArray(siteUsers.id, ids))).map((u) => [
          u.id,
          u.username,
        ]),
      ),
    log: app.log,
  });
  if (bus.isUp()) void bus.publish({ t: 'hello', inst: hub.instance }).catch(() => undefined);
  registerAnnouncer(app, bus);

  await app.register(websocket, { options: { maxPayload: 1024 } });
  // An upgrade refused by an earlier onRequest hook (the access gate) never reaches the plugin's own hook
  // that would close it, and the raw socket would stay open for good: close it once the refusal is sent.
  app.addHook('onResponse', async (req) => {
    if (String(req.headers.upgrade).toLowerCase() === 'websocket') req.raw.socket?.destroy();
  });
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      config: { access: 'staff' },
      schema: { querystring: ZLiveQuery },
      // Before the upgrade, so a refusal is a plain HTTP answer: browsers do not apply CORS to WebSockets.
      preHandler: async (req) => {
        const origin = req.headers.origin;
        if (!origin || !isOwnOrigin(origin, deps.config.appUrl, req.headers.host))
          throw new AppError('FORBIDDEN', 'Cross-site requests are not accepted.');
        if (!bus.isUp()) throw new AppError('UNAVAILABLE', 'Live updates are unavailable. Retrying shortly.');
      },
    },
    (socket, req) => {
      const session = requireUser(req);
      // The newest socket is the one refused: closing the oldest instead would let two tabs over the cap
      // take turns throwing each other out on every reconnect.
      if (hub.sessionSocketCount(session.sessionId) >= MAX_SOCKETS_PER_SESSION) {
        closeSocket(
          socket,
          LIVE_CLOSE.tooManySockets,
          `Too many live tabs (over ${MAX_SOCKETS_PER_SESSION}): close one to get live updates here`,
        );
        return;
      }
      const conn: Conn = {
        ws: socket,
        token: req.cookies[SESSION_COOKIE]!,
        sessionId: session.sessionId,
        userId: session.userId,
        username: session.username,
        siteId: session.currentSiteId,
        tab: (req.query as z.infer<typeof ZLiveQuery>).tab,
        alive: true,
      };
      const alive = () => void (conn.alive = true);
      socket.on('pong', alive);
      // Clients send nothing meaningful; anything they do send proves the tab is still there, up to its
      // budget: past that the socket is a flood and is closed (1008), and what it still sends is dropped.
      const budget = messageBudget();
      let flooded = false;
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        if (flooded) return;
        if (budget.spend(messageSize(data))) return alive();
        flooded = true;
        hub.remove(conn);
        closeSocket(socket, LIVE_CLOSE.flood, 'Too many messages');
      });
      socket.on('close', () => hub.remove(conn));
      hub.add(conn);
    },
  );

  const beat = setInterval(() => hub.tick(), HEARTBEAT_MS);
  beat.unref();
  app.addHook('preClose', async () => {
    clearInterval(beat);
    await hub.close();
    await bus.close();
  });
  app.decorate('liveHub', hub);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sockets and presence of this instance (tests and the benchmark read it). */
    liveHub: Hub;
  }
}
