import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The counters of every request limiter (decision 071), kept by rate-limiter-flexible's
 * `RateLimiterPostgres`: one row per limited key (`<limiter>:<who>`), its points in the current window and
 * the window's end in epoch milliseconds (null: never ends). The columns are exactly the ones the library
 * would create itself; the migration creates them instead, so the app never makes tables at run time.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
