import { timingSafeEqual } from 'node:crypto';
import type { App, AppDeps } from '../http/types';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POST /ops/backup: the running app's PGlite data folder as a gzipped tar, for `npm run db:backup` on the
 * same machine (decision 045). Only from a loopback socket (the peer address itself, never X-Forwarded-For)
 * and only with the secret of this start's lock file; anything else is a 404 like an unknown path.
 */
export function registerBackupRoute(app: App, deps: Pick<AppDeps, 'database' | 'ops'>): void {
  const pglite = deps.database.pglite;
  app.post('/ops/backup', { config: { access: 'public' } }, async (req, reply) => {
    const secret = deps.ops?.backupSecret;
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!pglite || !secret || !LOOPBACK.has(req.socket.remoteAddress ?? '') || !sameSecret(given, secret)) {
      return reply.status(404).send({ message: 'Route POST /ops/backup not found' });
    }
    // The thread client takes PGlite's transaction lock for the dump, so no transaction is half done in it.
    const dump = await pglite.dumpDataDir('gzip');
    req.log.info({ bytes: dump.size }, 'backup taken through the running app');
    return reply
      .header('Content-Type', 'application/gzip')
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(await dump.arrayBuffer()));
  });
}
