import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { BUILT_SERVER } from '../built-server';
import { startSmtp, type ReceivedMail } from '../integration/smtp';

/**
 * One app per Playwright worker, on its own port (E2E_PORT + the worker's parallel index) and its own fresh
 * data folder, so workers run spec files side by side without sharing demo data (issue 15 item 8).
 */
export interface E2EServer {
  port: number;
  url: string;
  /** Every message the app sent, as the worker's SMTP catcher received it, oldest first. */
  mail: ReceivedMail[];
}

export const BASE_PORT = Number(process.env.E2E_PORT ?? 3300);

async function waitUntilUp(url: string, child: ChildProcess, log: () => string, timeoutMs = 280_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`e2e server exited with ${child.exitCode}:\n${log()}`);
    try {
      // 401 without a session: the app is up and its routes are registered.
      const res = await fetch(`${url}/api/auth/me`);
      if (res.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e2e server at ${url} did not start within ${timeoutMs / 1000} s:\n${log()}`);
}

/** True when something already accepts connections on the port. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: 'localhost' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function startServer(index: number): Promise<{ server: E2EServer; stop: () => Promise<void> }> {
  const port = BASE_PORT + index;
  const url = `http://localhost:${port}`;
  // A server left on the port by an earlier run would answer the readiness check while this one fails to
  // bind, and the tests would run against its old data.
  if (await portTaken(port))
    throw new Error(`port ${port} is already in use (a server left by an earlier run?): stop it, or set E2E_PORT to a free range`);
  const dataDir = `.test-data/e2e-${port}`;
  // A real SMTP server on loopback catches the app's mail, so a spec can read a message and follow its links.
  const smtp = await startSmtp();
  rmSync(dataDir, { recursive: true, force: true });
  // TRUST_PROXY=loopback: the runner stands where a local reverse proxy would, so a spec that registers many
  // businesses can name distinct client addresses in X-Forwarded-For instead of sharing one address's limit.
  // Migrating and seeding a fresh embedded database takes most of a minute on a busy 2-core machine.
  const child = spawn(process.execPath, BUILT_SERVER, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      PORT: String(port),
      APP_URL: url,
      NODE_ENV: 'production',
      SMTP_URL: smtp.url,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  const stop = async () => {
    if (child.exitCode !== null) return smtp.close();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    await smtp.close();
  };
  try {
    await waitUntilUp(url, child, () => stderr);
  } catch (err) {
    await stop();
    throw err;
  }
  return { server: { port, url, mail: smtp.received }, stop };
}
