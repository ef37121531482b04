import type { Database } from '../db/client';
import type { VerifyPassword } from '../auth/passwords';
import type { TrustProxy } from '../env';
import type { Mailer } from '../mail/mailer';
import type { Metrics } from '../ops/metrics';
import type { OpsState } from '../ops/state';
import type { StripeConfig } from '../modules/subscriptions';

export type { App } from './app-instance';

export interface AppConfig {
  appUrl: string;
  supportEmail?: string;
  /** Which peers may speak for the client in X-Forwarded-* headers; default none (see TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** Unset: payments are off and the payment controls say so; everything else works. */
  stripe?: StripeConfig;
  /** SELF_SERVICE_PLANS: site admins may activate plans, beta mode and trial settings themselves (decision 062). */
  selfServicePlans?: boolean;
  /** APP_SECRET: signs links in e-mail; when unset a key kept in the database is used. */
  secret?: string;
  /** METRICS_TOKEN: GET /metrics answers only to this bearer token; unset, /metrics is a 404. */
  metricsToken?: string;
  /** TOTP_ENCRYPTION_KEY: 32 bytes that seal TOTP secrets at rest; unset, a key kept in the database (decision 105). */
  totpKey?: Buffer;
}

export interface AppDeps {
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  /** The clock, injected so tests pin "now". */
  now: () => Date;
  /** Sign-in's password check; tests pass a counting one. Default: argon2 verify. */
  verifyPassword?: VerifyPassword;
  /** Process state for /readyz and /metrics (job runner started, shutting down); set by main.ts. */
  ops?: OpsState;
  /** Prometheus metrics; main.ts passes its own so the job runner can count failures. Default: a fresh set. */
  metrics?: Metrics;
}
