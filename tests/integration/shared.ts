/**
 * Names shared by the global setup (main process) and the harness (workers). Kept free of heavy imports:
 * the seed module pulls in date-holidays, which each worker would otherwise load for nothing.
 */

/** The demo users' password; the global setup checks it against the seed's. */
export const DEMO_PASSWORD = 'hoursight-demo';

/** PostgreSQL mode: the seeded database every test file's database is copied from. */
/** A suffix (HS_TEST_DB_SUFFIX) lets several checkouts on one machine run the suite at once. */
export const TEMPLATE_DATABASE = `hoursight_test_template${process.env.HS_TEST_DB_SUFFIX ?? ''}`;

/** The same URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
