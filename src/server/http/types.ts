import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppConfig {
  appUrl: string;
  supportEmail?: string;
}

export interface AppDeps {
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  /** The clock, injected so tests pin "now". */
  now: () => Date;
}
