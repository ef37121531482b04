import path from 'node:path';
import { parseEnv } from './env';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_SUPER_ADMIN, ensureReferenceData, hasDemo, isEmpty, seedDemo, unsafeDemoSignIns } from './seed';
import { startupBanner } from './startup-banner';
import { createMailer, EARLY_DELIVERY_MS } from './mail/mailer';
import { scheduleBackgroundJobs } from './jobs/background';
import { startJobRunner } from './jobs/runner';
import { loggerOptions } from './ops/logging';
import { createMetrics, startMetricsServer } from './ops/metrics';
import { removeAppLock, writeAppLock } from './ops/app-lock';
import { createOpsState } from './ops/state';
import { collectAfterStart, startIdleCollection } from './ops/idle-collection';
import { superAdminExists } from './modules/super-admin';
import { stripeConfigFrom } from './modules/subscriptions';
import { appRoot } from './paths';

const root = appRoot(import.meta.url);

async function main() {
  const started = Date.now();
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const dataDir = path.resolve(root, env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    await migrateDatabase(database);
  } catch (err) {
    // Pending migrations run in one transaction, so a failure leaves the schema exactly as it was.
    // drizzle wraps the database's error: its cause says what went wrong, its message which statement.
    const { message, cause } = err as Error & { cause?: Error };
    console.error(`Database upgrade failed, so Hoursight did not start: ${cause?.message ?? message}`);
    if (cause) console.error(`While running: ${message.split('\n')[0].slice(0, 300)}`);
    console.error('No migration was applied: the database is unchanged and the previous version of the app still runs on it.');
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  const { db } = database;
  await ensureReferenceData(db);
  if (env.SEED_DEMO && (await isEmpty(db))) await seedDemo(db, new Date());

  const now = () => new Date();
  // JSON lines through the app's pino logger (mail is only sent once the app exists).
  const mailLog = {
    info: (obj: object, msg: string) => app.log.info({ component: 'mail', ...obj }, msg),
    warn: (obj: object, msg: string) => app.log.warn({ component: 'mail', ...obj }, msg),
  };
  const mailer = createMailer({
    db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    logLinks: env.MAIL_LOG_LINKS,
    now,
    deliverSoonMs: EARLY_DELIVERY_MS,
    log: mailLog,
  });
  const ops = createOpsState();
  const metrics = createMetrics(database);
  const app = await buildApp(
    {
      database,
      ops,
      metrics,
      config: {
        metricsToken: env.METRICS_TOKEN,
        appUrl: env.APP_URL,
        supportEmail: env.SUPPORT_EMAIL,
        trustProxy: env.TRUST_PROXY,
        stripe: stripeConfigFrom(env),
        selfServicePlans: env.SELF_SERVICE_PLANS,
        secret: env.APP_SECRET,
        totpKey: env.TOTP_ENCRYPTION_KEY,
      },
      mailer,
      now,
    },
    { logger: loggerOptions(env.LOG_LEVEL), webDir: path.join(root, 'dist/web') },
  );

  // A lost connection costs the statements on it a 503 and is replaced; the process carries on (decision 103).
  database.onFault?.((err) => {
    metrics.databaseFaults.inc();
    app.log.warn({ component: 'db', err: err.message }, 'database connection lost; it will be replaced');
  });

  await collectAfterStart();
  await app.listen({ port: env.PORT, host: env.HOST });
  // PGlite: tell `npm run db:backup` where to ask for a backup, since it cannot open the folder itself.
  const lock = database.kind === 'pglite' ? writeAppLock(dataDir, env.PORT) : undefined;
  ops.backupSecret = lock?.secret;
  const metricsServer = env.METRICS_PORT
    ? await startMetricsServer(metrics, { port: env.METRICS_PORT, host: env.METRICS_HOST })
    : undefined;
  // Background work (mail delivery, purges, data maintenance) runs on pg-boss in the same database (decision 017).
  const jobLog = {
    info: (obj: object, msg: string) => app.log.info({ component: 'jobs', ...obj }, msg),
    error: (obj: { job?: string }, msg: string) => {
      if (obj.job) metrics.jobFailures.inc({ job: obj.job });
      app.log.error({ component: 'jobs', ...obj }, msg);
    },
  };
  const jobs = await startJobRunner(database, { log: jobLog });
  await scheduleBackgroundJobs(jobs, {
    db,
    mailer,
    now,
    appUrl: env.APP_URL,
    secret: env.APP_SECRET,
    log: jobLog,
    coverageAlertTime: env.COVERAGE_ALERT_TIME,
    stripe: stripeConfigFrom(env),
  });
  ops.jobsStarted = true;
  const idleCollection = startIdleCollection((freedBytes) => {
    metrics.idleCollections.inc();
    app.log.debug({ freedMb: Math.round(freedBytes / 1048576) }, 'idle collection');
  });
  if (!idleCollection.started)
    app.log.info('node was started without --expose-gc: memory a busy spell grew is given back only under the next load (decision 102)');

  // The address really bound (PORT=0 picks a free port) and every demo site with its sign-ins (decision 116).
  const readySeconds = (Date.now() - started) / 1000;
  const demo = (await hasDemo(db))
    ? {
        password: DEMO_PASSWORD,
        sites: await unsafeDemoSignIns(db),
        superAdmin: (await superAdminExists(db, DEMO_SUPER_ADMIN.email)) ? DEMO_SUPER_ADMIN.email : null,
      }
    : null;
  for (const line of startupBanner({ address: app.server.address(), databaseKind: database.kind, readySeconds, demo })) console.log(line);

  // Graceful stop (decision 029): refuse new work, let work in flight finish within the grace period, then
  // close the database and exit 0. A second signal exits at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    ops.shuttingDown = true;
    app.log.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.warn({ graceMs: env.SHUTDOWN_GRACE_MS }, 'grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      // Stops listening, closes idle keep-alive connections, and resolves once requests in flight have answered.
      await app.close();
      clearTimeout(deadline);
      await jobs.stop(env.SHUTDOWN_GRACE_MS);
      await metricsServer?.close();
      await database.close();
      if (lock) removeAppLock(dataDir, lock);
      process.exit(0);
    } catch (err) {
      app.log.error({ err: (err as Error).message }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
