import net from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that a test can break the ways a network and a database break:
 * - `cut()`: every open connection dropped at once (a proxy restart, a reset network);
 * - `refuse()`: connections dropped and new ones refused (the database host down);
 * - `silence()`: nothing passes either way, new connections included, but nothing is lost: bytes wait and
 *   flow on `restore()`, as TCP delivers them once a partition heals;
 * - `restore()`: back to passing everything.
 */
export interface FaultProxy {
  port: number;
  /** Connections made through the relay so far: reconnections show up here. */
  accepted(): number;
  cut(): void;
  refuse(): Promise<void>;
  silence(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  held: Array<{ to: net.Socket; chunk: Buffer }>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let silent = false;
  let accepted = 0;

  const relay = (pair: Pair, from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (silent) pair.held.push({ to, chunk });
      else to.write(chunk);
    });

  const onConnection = (client: net.Socket) => {
    accepted++;
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream, held: [] };
    pairs.add(pair);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      relay(pair, from, to);
      from.on('error', () => undefined);
      from.on('close', () => {
        to.destroy();
        pairs.delete(pair);
      });
    }
  };

  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  let listening = true;

  const dropAll = () => {
    for (const p of pairs) {
      p.client.destroy();
      p.upstream.destroy();
    }
    pairs.clear();
  };
  // close() calls back once every connection it accepted has ended: drop them, then wait.
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      dropAll();
    });

  return {
    port,
    accepted: () => accepted,
    cut: dropAll,
    refuse: stopListening,
    silence() {
      silent = true;
    },
    async restore() {
      silent = false;
      for (const p of pairs) for (const { to, chunk } of p.held.splice(0)) to.write(chunk);
      if (!listening) {
        server = net.createServer(onConnection);
        await listen(port);
        listening = true;
      }
    },
    close: stopListening,
  };
}
