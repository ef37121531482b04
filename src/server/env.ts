import { isIP } from 'node:net';
import { z } from 'zod';

/** Unset and empty both mean "not configured". */
const blankToUndefined = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = blankToUndefined.pipe(z.url({ message: 'must be a URL' }).optional());
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default(fallback)
    .transform((v) => v === 'true');

/** What Fastify's `trustProxy` takes: off, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for whole ranges, accepted alongside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: forwarded headers (X-Forwarded-For, -Proto, -Host) are believed only from these peers.
 * Unset or `false`: never (the default: a client could otherwise pick its own address and escape every
 * per-address limit). A number: that many proxy hops. Otherwise a comma-separated list of addresses/CIDRs.
 */
const trustProxy = blankToUndefined.transform((raw, ctx): TrustProxy => {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, true, a hop count, or addresses/CIDRs separated by commas (not ${bad.join(', ') || raw})`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * TOTP_ENCRYPTION_KEY (decision 105): the 32 bytes that seal two-factor secrets at rest, as 64 hex digits or
 * base64 (`openssl rand -base64 32`). Unset: a random key kept in the database.
 */
const totpEncryptionKey = blankToUndefined.transform((raw, ctx): Buffer | undefined => {
  if (raw === undefined) return undefined;
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw, 'base64')
      : undefined;
  if (bytes?.length === 32) return bytes;
  ctx.addIssue({ code: 'custom', message: 'must be 32 random bytes: 64 hex digits or 44 base64 characters (openssl rand -base64 32)' });
  return z.NEVER;
});

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ message: 'must be a number' }).int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Hoursight <no-reply@hoursight.local>'),
    /** Development only: print the links of mail kept in the outbox, so a reset can be tried without SMTP. */
    MAIL_LOG_LINKS: flag('false'),
    SUPPORT_EMAIL: blankToUndefined.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
    /** Unset: http://localhost:${PORT}, so links in mail point where the server really listens. */
    APP_URL: optionalUrl,
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace'], { message: 'must be one of fatal, error, warn, info, debug, trace' })
      .default('warn'),
    SEED_DEMO: flag('true'),
    /** When the daily shortfall alert runs, HH:MM in UTC (decision 101). */
    COVERAGE_ALERT_TIME: blankToUndefined.pipe(
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24-hour, UTC)')
        .default('06:00'),
    ),
    APP_SECRET: blankToUndefined.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    TOTP_ENCRYPTION_KEY: totpEncryptionKey,
    /** Bearer token a Prometheus scraper sends to GET /metrics; unset: /metrics answers 404. */
    METRICS_TOKEN: blankToUndefined,
    /** Serves /metrics without a token on this port (bound to METRICS_HOST), the alternative to METRICS_TOKEN. */
    METRICS_PORT: blankToUndefined.pipe(
      z.coerce.number<string | undefined>({ message: 'must be a number' }).int().min(1).max(65535).optional(),
    ),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** On SIGTERM/SIGINT: how long requests and jobs in flight may take to finish before the process exits. */
    SHUTDOWN_GRACE_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).max(600_000).default(10_000),
    // Payments (Stripe): all three keys or none; without them the payment controls say payments are not configured.
    STRIPE_SECRET_KEY: blankToUndefined,
    STRIPE_PUBLISHABLE_KEY: blankToUndefined,
    STRIPE_WEBHOOK_SECRET: blankToUndefined,
    STRIPE_PRICE_STARTER: blankToUndefined,
    STRIPE_PRICE_PROFESSIONAL: blankToUndefined,
    STRIPE_PRICE_ENTERPRISE: blankToUndefined,
    STRIPE_API_BASE: optionalUrl,
    /** Site admins choose their own plan, beta mode and trial (spec §4/§7); unset: only when Stripe is off (decision 062). */
    SELF_SERVICE_PLANS: blankToUndefined.pipe(z.enum(['true', 'false'], { message: 'must be true or false' }).optional()),
  })
  .transform((env, ctx) => {
    const payments = !!(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET);
    if (payments && env.SELF_SERVICE_PLANS === 'true') {
      // Free self-service plans beside card payments would let any admin skip paying.
      ctx.addIssue({ code: 'custom', path: ['SELF_SERVICE_PLANS'], message: 'cannot be true while Stripe payments are configured' });
      return z.NEVER;
    }
    return {
      ...env,
      APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
      SELF_SERVICE_PLANS: env.SELF_SERVICE_PLANS ? env.SELF_SERVICE_PLANS === 'true' : !payments,
    };
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment once at start; a bad value stops the process with a message naming it. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
