/**
 * `capacity` bench row (decision 100): the capacity forecast's data, 50 sites × 250 employees × 56 days, on a
 * scratch PostgreSQL database `hoursight_capacity_bench` (PERF_DB_ADMIN_URL or TEST_DATABASE_URL, as perf-db).
 * Each site has coverage rules, a holiday, 500 exceptions over the window and 25 pending requests. Timed: the
 * service call the route makes (the sites the user may use, seven statements, the engine per site) and the reply
 * serialised. Each call follows a new staff version of every site, so nothing is reused: a cache miss. Target p95 ≤ 300 ms.
 * Runnable alone: `tsx scripts/bench/capacity.ts`.
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { siteIdForFixture, type Actor } from '../../src/server/auth/access';
import { getForecast } from '../../src/server/modules/coverage';
import type { BenchResult } from './engine';
import { freshScratchDatabase, poolOf } from './perf-db-data';

const SITES = 50;
const EMPLOYEES = 250;
// perf-db's density (24 a year per employee, loadExceptions) over 8 weeks is about 460 a site.
const EXCEPTIONS_PER_SITE = 500;
const PENDING_PER_SITE = 25;
const FROM = '2031-03-03';
const WEEKS = 8;
const TARGET_MS = 300;
const WARMUP = 5;
const RUNS = 40;

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

export async function benchCapacity(): Promise<BenchResult> {
  const database = await freshScratchDatabase('hoursight_capacity_bench');
  try {
    const pool = poolOf(database);
    const one = async (text: string, values: unknown[] = []) =>
      (await pool.query<{ id: number }>(text, values)).rows.map((r) => Number(r.id));
    const [businessId] = await one(`insert into businesses (name) values ('Capacity Business') returning id`);
    const siteIds = await one(
      `insert into sites (business_id, name, subdomain, subscription_status, plan_type, max_employees, max_sites)
       select $1, 'Site ' || g, 'cap-' || g, 'active', 'enterprise', 100000, 100 from generate_series(1, $2::int) g returning id`,
      [businessId, SITES],
    );
    await pool.query(`insert into site_settings (site_id, site_name, business_name) select id, name, 'Capacity Business' from sites`);
    await pool.query(
      `insert into employees (site_id, name, sort_order) select s, 'Employee ' || g, g from unnest($1::int[]) s, generate_series(1, $2::int) g`,
      [siteIds, EMPLOYEES],
    );
    // One version from the beginning of time (7.6 h Monday to Friday), and for one in ten a second from mid-window.
    await pool.query(`insert into employee_contracts (site_id, employee_id, valid_from) select site_id, id, null from employees`);
    await pool.query(
      `insert into employee_contracts (site_id, employee_id, valid_from, monday_hours, efficiency) select site_id, id, $1::date + 20, 4, 90 from employees where id % 10 = 0`,
      [FROM],
    );
    const [annual, overtime] = await one(
      `insert into exception_reasons (business_id, name, color, is_additive, is_requestable, sort_order) values ($1, 'Annual Leave', '#3b82f6', false, true, 1), ($1, 'Overtime', '#16a34a', true, false, 2) returning id`,
      [businessId],
    );
    // Employees and days by a fixed hash of the row number, so every run loads the same rows.
    await pool.query(
      `insert into exceptions (site_id, employee_id, reason_id, start_date, end_date, is_full_day, hours)
       select e.site_id, e.id, case when g % 5 = 0 then $2::int else $3::int end, $1::date + (g * 13) % 56, $1::date + (g * 13) % 56 + g % 4,
              g % 3 <> 0, case when g % 3 = 0 then 3.5 end
       from generate_series(1, $4::int) g join employees e on e.id = (select min(id) from employees) + (g * 7919) % $5::int`,
      [FROM, overtime, annual, EXCEPTIONS_PER_SITE * SITES, EMPLOYEES * SITES],
    );
    await pool.query(
      `insert into leave_requests (site_id, employee_id, requester_name, reason_id, start_date, end_date, status)
       select site_id, id, 'Bench', $2, $1::date + (id * 11) % 50, $1::date + (id * 11) % 50 + 2, 'pending'
       from (select id, site_id, row_number() over (partition by site_id order by id) n from employees) e where n <= $3`,
      [FROM, annual, PENDING_PER_SITE],
    );
    await pool.query(`insert into public_holidays (site_id, date, name) select id, $1::date + 28, 'Bank Holiday' from sites`, [FROM]);
    await pool.query(
      `insert into coverage_rules (site_id, valid_from, monday_hours, tuesday_hours, wednesday_hours, thursday_hours, friday_hours)
       select id, '2030-01-01', 1800, 1800, 1750, 1800, 1700 from sites`,
    );
    await pool.query(`insert into coverage_overrides (site_id, date, hours) select id, $1::date + 11, 1900 from sites`, [FROM]);
    const [userId] = await one(
      `insert into site_users (site_id, email, username, password_hash, is_admin) values ($1, 'bench@capacity.test', 'bench', '!', true) returning id`,
      [siteIds[0]],
    );
    await pool.query(`insert into user_site_permissions (user_id, site_id) select $1, unnest($2::int[])`, [userId, siteIds.slice(1)]);
    await pool.query('analyze');

    const actor: Actor = {
      sessionId: 'bench',
      userId,
      homeSiteId: siteIds[0],
      currentSiteId: siteIds[0],
      siteId: siteIdForFixture(siteIds[0]),
      businessId,
      username: 'bench',
      email: 'bench@capacity.test',
      isAdmin: true,
      isReadOnly: false,
      isStaff: false,
      employeeId: null,
    };
    const now = new Date(`${FROM}T09:00:00Z`);
    const run = async () => {
      // A new staff version per site, as after an edit of each: the server's staff lists (decision 054) are not
      // reused, so every call reads everything (a cache miss).
      await pool.query('update site_staff_versions set version = gen_random_uuid()');
      const t0 = performance.now();
      const f = await getForecast(database.db, actor, { from: FROM, weeks: WEEKS }, now);
      const bytes = JSON.stringify(f).length;
      return {
        ms: performance.now() - t0,
        bytes,
        sites: f.sites.length,
        short: f.sites.reduce((n, s) => n + s.shortHours.filter((h) => h > 0).length, 0),
      };
    };
    for (let i = 0; i < WARMUP; i++) await run();
    const times: number[] = [];
    let last = await run();
    for (let i = 0; i < RUNS; i++) {
      last = await run();
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const p95 = p(times, 0.95);
    const median = p(times, 0.5);
    return {
      name: 'capacity',
      medianMs: median,
      targetMs: TARGET_MS,
      pass: p95 <= TARGET_MS && last.sites === SITES,
      summary: `capacity forecast ${SITES} sites × ${EMPLOYEES} employees × ${WEEKS * 7} days (PostgreSQL, cache miss): p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms), median ${median.toFixed(1)} ms; ${(last.bytes / 1024).toFixed(0)} kB of JSON, ${last.short} short days`,
    };
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchCapacity();
  console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.summary}`);
  process.exit(r.pass ? 0 : 1);
}
