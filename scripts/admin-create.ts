/**
 * Creates a platform super-admin: `npm run admin:create -- --email ops@example.com --username ops`.
 * The password comes from HS_ADMIN_PASSWORD, else it is asked for on the terminal (not echoed).
 * Uses the same database settings as the server (DATABASE_URL, else the PGlite folder DATA_DIR).
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ZEmailAddress, ZPassword } from '../src/shared/contracts/accounts';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { parseEnv } from '../src/server/env';
import { createSuperAdmin } from '../src/server/modules/super-admin';
import { appRoot } from '../src/server/paths';

const root = appRoot(import.meta.url);

let rl: ReturnType<typeof createInterface> | undefined;
let lines: AsyncIterator<string> | undefined;
let hiding = false;

/**
 * Asks on the terminal (a password is not echoed); with input piped in, reads the next line instead, so
 * `printf 'e-mail\nname\npassword\n' | npm run admin:create` works.
 */
async function ask(question: string, hidden: boolean): Promise<string> {
  if (!rl) {
    rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
    if (!process.stdin.isTTY) lines = rl[Symbol.asyncIterator]();
    const out = rl as unknown as { _writeToOutput: (s: string) => void };
    const write = out._writeToOutput.bind(rl);
    out._writeToOutput = (s: string) => (hiding ? undefined : write(s));
  }
  if (lines) {
    process.stdout.write(question);
    const next = await lines.next();
    process.stdout.write('\n');
    return next.done ? '' : next.value;
  }
  return new Promise((resolve) => {
    rl!.question(question, (answer) => {
      if (hiding) process.stdout.write('\n');
      hiding = false;
      resolve(answer);
    });
    hiding = hidden;
  });
}

const Input = z.object({
  email: ZEmailAddress('A valid e-mail address is required'),
  username: z.string().trim().min(1, 'A username is required').max(50, 'Username must be at most 50 characters'),
  password: ZPassword,
});

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, username: { type: 'string' } } });
  const email = values.email ?? (await ask('E-mail: ', false));
  const username = values.username ?? (await ask('Username: ', false));
  let password = process.env.HS_ADMIN_PASSWORD;
  if (!password) {
    password = await ask('Password: ', true);
    if (process.stdin.isTTY && (await ask('Repeat password: ', true)) !== password) throw new Error("Passwords don't match");
  }
  rl?.close();
  const parsed = Input.safeParse({ email, username, password });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));

  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(root, env.DATA_DIR) });
  try {
    await migrateDatabase(database);
    const row = await createSuperAdmin(database.db, parsed.data);
    console.log(`Super-admin #${row.id} ${row.email} (${row.username}) created. Sign in at ${env.APP_URL}/admin`);
  } catch (err) {
    const code = (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
    throw code === '23505' ? new Error('A super-admin with this e-mail or username already exists.') : err;
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
