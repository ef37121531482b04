/**
 * Scratch PostgreSQL data for the perf-db bench rows: a database named `hoursight_perf_db_bench` (created
 * fresh, migrated), one business with a site of 300 employees, and exceptions loaded by generate_series.
 */
import pg from 'pg';
import { migrateDatabase, openPostgres, type Database } from '../../src/server/db/client';

export const ADMIN_URL = process.env.PERF_DB_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SCRATCH_DB = 'hoursight_perf_db_bench';
export const EMPLOYEES = 300;

type Query = { query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }> };

/** Raw SQL on either driver: loading uses generate_series, which drizzle's builder does not express. */
export function poolOf(database: Database): Query {
  const q = database.pool ?? database.pglite;
  if (!q) throw new Error('no database client');
  return q as unknown as Query;
}

export function scratchUrl(name = SCRATCH_DB): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** `name`: another bench's own database, so two benches never share one. */
export async function freshScratchDatabase(name = SCRATCH_DB): Promise<Database> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(scratchUrl(name));
  await migrateDatabase(database);
  return database;
}

export interface BenchSite {
  businessId: number;
  siteId: number;
  employeeIds: number[];
  reasonIds: number[];
}

/** A business and an active site of `staff` employees (300 by default) with two exception types (one additive). */
export async function createBenchSite(database: Database, subdomain = 'perf-db', staff = EMPLOYEES): Promise<BenchSite> {
  const pool = poolOf(database);
  const ids = async (text: string, values: unknown[]) => (await pool.query<{ id: number }>(text, values)).rows.map((r) => Number(r.id));
  const [businessId] = await ids(`insert into businesses (name) values ('Perf Business') returning id`, []);
  const [siteId] = await ids(
    `insert into sites (business_id, name, subdomain, subscription_status, plan_type, max_employees, max_sites) values ($1, $2, $3, 'active', 'enterprise', 100000, 100) returning id`,
    [businessId, subdomain, subdomain],
  );
  await pool.query(`insert into site_settings (site_id, site_name, business_name) values ($1, $2, 'Perf Business')`, [siteId, subdomain]);
  const employeeIds = await ids(
    `insert into employees (site_id, name, sort_order) select $1, 'Employee ' || g, g from generate_series(1, $2::int) g returning id`,
    [siteId, staff],
  );
  // One contract version each, from the beginning of time, at the column defaults (7.6 h Monday to Friday).
  await pool.query(`insert into employee_contracts (site_id, employee_id, valid_from) select $1, unnest($2::int[]), null`, [
    siteId,
    employeeIds,
  ]);
  const reasonIds = await ids(
    `insert into exception_reasons (business_id, name, color, is_additive, is_requestable, sort_order) values ($1, 'Annual Leave', '#3b82f6', false, true, 1), ($1, 'Overtime', '#16a34a', true, false, 2) returning id`,
    [businessId],
  );
  return { businessId, siteId, employeeIds, reasonIds };
}

/**
 * `count` exceptions with start days spread evenly over `from`..`to` (spans of 0–4 days, one in 50 up to
 * 60 days), employees and types chosen by a fixed hash of the row number, so every run loads the same rows.
 */
export async function loadExceptions(database: Database, site: BenchSite, count: number, from: string, to: string): Promise<void> {
  const [e0, eN] = [Math.min(...site.employeeIds), Math.max(...site.employeeIds)];
  const [r0, r1] = site.reasonIds;
  const batch = 200_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await poolOf(database).query(
      `insert into exceptions (site_id, employee_id, reason_id, start_date, end_date, is_full_day)
      select $1::int, $2::int + (g * 7919) % ($3::int - $2::int + 1),
             case when g % 5 = 0 then $4::int else $5::int end,
             s, s + case when g % 50 = 0 then (g % 61)::int else (g % 5)::int end, true
      from (select g, $6::date + ((g * ($7::date - $6::date)) / $8::bigint)::int as s
            from generate_series($9::bigint, $10::bigint) g) x`,
      [site.siteId, e0, eN, r1, r0, from, to, count, done + 1, done + n],
    );
  }
  // Every table, as autovacuum would soon do: an unanalysed employees table (300 rows thought to be 2) led
  // the planner to a nested loop that cost more than the window read itself.
  await poolOf(database).query('analyze');
}

/**
 * A day-change row for every weekday from `from` to `to`, as a busy site has once its planners have been at
 * work: the calendar's reply carries today's two years ahead of them.
 */
export async function loadDayChanges(database: Database, site: BenchSite, from: string, to: string): Promise<void> {
  await poolOf(database).query(
    `insert into day_changes (site_id, date, default_hours, current_hours)
     select $1::int, d::date, 7.6 * $4::int, 7.6 * ($4::int - 1) from generate_series($2::date, $3::date, interval '1 day') d
     where extract(isodow from d) < 6 on conflict do nothing`,
    [site.siteId, from, to, site.employeeIds.length],
  );
}
