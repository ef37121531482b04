import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from './env';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_USERS, ensureReferenceData, hasDemo, isEmpty, seedDemo } from './db/seed';
import { createMailer } from './mail/mailer';
import { purgeExpiredSessions } from './auth/sessions';
import { purgeOldLoginAttempts } from './modules/auth/login-limit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const started = Date.now();
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(root, env.DATA_DIR) });
  await migrateDatabase(database);
  const { db } = database;
  await ensureReferenceData(db);
  if (env.SEED_DEMO && (await isEmpty(db))) await seedDemo(db, new Date());

  const now = () => new Date();
  const mailLog = {
    info: (obj: object, msg: string) => console.log(`[mail] ${msg}`, JSON.stringify(obj)),
    warn: (obj: object, msg: string) => console.warn(`[mail] ${msg}`, JSON.stringify(obj)),
  };
  const mailer = createMailer({ db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, now, log: mailLog });
  const app = await buildApp(
    { database, config: { appUrl: env.APP_URL, supportEmail: env.SUPPORT_EMAIL }, mailer, now },
    { logger: { level: env.LOG_LEVEL }, webDir: path.join(root, 'dist/web') },
  );

  await app.listen({ port: env.PORT, host: env.HOST });
  const timers = [
    setInterval(() => void mailer.deliverPending().catch((err) => app.log.error({ err }, 'mail delivery run failed')), 60_000),
    setInterval(() => {
      void purgeExpiredSessions(db, now()).catch(() => undefined);
      void purgeOldLoginAttempts(db, now()).catch(() => undefined);
    }, 60 * 60_000),
  ];

  console.log(`Hoursight is running at http://localhost:${env.PORT} (${database.kind}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (await hasDemo(db)) {
    console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(22)} ${u.role}`);
  }

  const stop = async () => {
    timers.forEach(clearInterval);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
