import { sql, type SQL } from 'drizzle-orm';
import {
  computeAvailability,
  type AvailabilityInput,
  type DayAvailability,
  type EngineException,
  type EngineHoliday,
  type EngineSettings,
  type EngineStaff,
  type StoredDayHours,
} from '../../../shared/domain/availability';
import { fromDayNumber } from '../../../shared/domain/dates';
import { prepareFlatSpans, type FlatSpans, type SpanChange } from '../../../shared/domain/prepared-exceptions';
import { inSiteId, type ActorSiteId, type SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import { overlapsWindow } from '../../db/site-days';
import { employees, exceptionReasons, exceptions, leaveRequests } from '../../db/schema';
import { siteDaysInputSql, staffOfBody, type SiteDaysBody } from './input';
import { cachedStaff } from './staff-cache';

/**
 * Where a day's hours are read (issue 47, decision 110). Every figure of hours on the server, the calendar's
 * write path aside, comes from here: the reports (preview, PDF, CSV, mail) and the employee's absence totals,
 * the day explanation, the capacity forecast and the coverage assistant, a request's hours and the balances.
 *
 * `readSiteDays` reads, per site of a scope and for a range of days, the facts every figure is made of: the
 * weekend settings, the staff with every contract version and their employment (the versions start on the
 * start date; the end date closes the last), the exceptions with their type's additivity, and the holidays,
 * in ONE statement, the same per-site text the ledger's writes read after their locks (`siteDaysInputSql`).
 * `siteHours` runs the shared engine over it; `dayTakes` (shared/domain/absence-takes.ts) then says what each
 * absence takes from each employee-day. No other module assembles the engine's input, and a test
 * (one-reader.test.ts) refuses a server file outside this module that imports the engine.
 */

/** One exception's particulars that no hours figure needs but pages show beside it. */
export interface ExceptionDetail {
  reasonId: number;
  reasonName: string | null;
  countsAgainstAllowance: boolean;
  notes: string | null;
}

/** The facts of some days of one site. */
export interface SiteDays {
  siteId: number;
  settings: EngineSettings;
  /** In the calendar's order (sort order, then id), each with its contract versions ascending. */
  employees: EngineStaff[];
  holidays: readonly EngineHoliday[];
  /** The exceptions overlapping the range, in the ledger's flat form (input.ts), ascending by id. */
  spans: FlatSpans;
  /** Pending requests overlapping the range in the same form, with negative ids; empty unless asked. */
  pending: FlatSpans;
  /** Employee names, when asked (`detail`). */
  names: ReadonlyMap<number, string>;
  /** Each exception's type and notes, when asked (`detail`); with `pending`, each request's under its negative id. */
  details: ReadonlyMap<number, ExceptionDetail>;
}

export interface ReadOptions {
  /** Names and exception particulars, for pages that list them. */
  detail?: boolean;
  /** Pending requests, for an "if approved" figure. */
  pending?: boolean;
  /** Only these employees' exceptions and requests (the staff list stays whole: it is cached per site). */
  employeeIds?: readonly number[];
}

const SPAN_FIELDS = 7;
const dayNumber = (col: unknown) => sql`(${col} - '1970-01-01'::date)`;

function detailSql(siteId: ActorSiteId, from: string, to: string, only: SQL, onlyRequests: SQL | null): SQL<string> {
  const e = exceptions;
  const r = exceptionReasons;
  const q = leaveRequests;
  const names = sql`select json_agg(json_build_array(${employees.id}, ${employees.name}) order by ${employees.id})
    from ${employees} where ${inSiteId(siteId, employees.siteId)}`;
  const details = sql`select json_agg(json_build_array(${e.id}, ${e.reasonId}, ${r.name}, coalesce(${r.countsAgainstAllowance}, false), ${e.notes}) order by ${e.id})
    from ${e} left join ${r} on ${r.id} = ${e.reasonId}
    where ${inSiteId(siteId, e.siteId)} and ${overlapsWindow(e, siteId, from, to)} and ${only}`;
  // A pending request's particulars under its span's (negative) id; its notes are the request's own.
  const requests = onlyRequests
    ? sql`select json_agg(json_build_array(-${q.id}, ${q.reasonId}, ${r.name}, coalesce(${r.countsAgainstAllowance}, false), ${q.note}) order by ${q.id})
    from ${q} left join ${r} on ${r.id} = ${q.reasonId}
    where ${inSiteId(siteId, q.siteId)} and ${q.status} = 'pending' and ${q.startDate} <= ${to}::date and ${q.endDate} >= ${from}::date
      and ${onlyRequests}`
    : sql`select null::json`;
  return sql<string>`'{"names":' || coalesce((${names})::text, '[]') || ',"details":' || coalesce((${details})::text, '[]')
    || ',"requests":' || coalesce((${requests})::text, '[]') || '}'`;
}

function pendingSql(siteId: ActorSiteId, from: string, to: string, only: SQL): SQL<string> {
  const r = leaveRequests;
  return sql<string>`coalesce((select '[' || string_agg(concat_ws(',', -${r.id}, ${r.employeeId}, ${dayNumber(r.startDate)}, ${dayNumber(r.endDate)},
      ${r.isFullDay}::int, coalesce(${r.hours}::text, 'null'), coalesce(${exceptionReasons.isAdditive}, false)::int), ',' order by ${r.id}) || ']'
    from ${r} left join ${exceptionReasons} on ${exceptionReasons.id} = ${r.reasonId}
    where ${inSiteId(siteId, r.siteId)} and ${r.status} = 'pending' and ${r.startDate} <= ${to}::date and ${r.endDate} >= ${from}::date
      and ${only}), '[]')`;
}

type Row = { site: number; body: string; detail: string | null; pending: string | null };

/**
 * The facts of the days `from`..`to` of every site of `scope`, in one statement (one snapshot). Sites the scope
 * does not hold are never read: each site's part is filtered by an id the scope minted.
 */
export async function readSiteDays(
  db: Db,
  scope: SiteScope,
  from: string,
  to: string,
  opts: ReadOptions = {},
): Promise<Map<number, SiteDays>> {
  return readSites(
    db,
    scope.sites.map((s) => s.id),
    from,
    to,
    opts,
  );
}

/** The facts of the days `from`..`to` of one site the gate minted (the actor's own, a job's, a signed link's). */
export async function readOneSite(db: Db, siteId: ActorSiteId, from: string, to: string, opts: ReadOptions = {}): Promise<SiteDays> {
  return (await readSites(db, [siteId], from, to, opts)).get(siteId)!;
}

async function readSites(
  db: Db,
  siteIds: readonly ActorSiteId[],
  from: string,
  to: string,
  opts: ReadOptions,
): Promise<Map<number, SiteDays>> {
  const out = new Map<number, SiteDays>();
  if (siteIds.length === 0) return out;
  const ids = opts.employeeIds;
  const onlyExceptions = ids ? sql`${exceptions.employeeId} = any(${sql.param([...ids])}::int[])` : sql`true`;
  const onlyRequests = ids ? sql`${leaveRequests.employeeId} = any(${sql.param([...ids])}::int[])` : sql`true`;
  const parts = siteIds.map(
    (id) => sql`select ${id}::int as site, ${siteDaysInputSql(id, from, to, cachedStaff(id)?.version ?? null)} as body,
      ${opts.detail ? detailSql(id, from, to, onlyExceptions, opts.pending ? onlyRequests : null) : sql`null`}::text as detail,
      ${opts.pending ? pendingSql(id, from, to, onlyRequests) : sql`null`}::text as pending`,
  );
  const { rows } = (await db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: Row[] };
  const minted = new Map(siteIds.map((id) => [Number(id), id]));
  for (const row of rows) {
    const siteId = minted.get(Number(row.site))!;
    const body = JSON.parse(row.body) as SiteDaysBody;
    let spans = body.spans;
    if (ids) spans = keepEmployees(spans, new Set(ids));
    const detail = row.detail === null ? null : (JSON.parse(row.detail) as DetailText);
    out.set(siteId, {
      siteId,
      settings: body.settings,
      employees: staffOfBody(body, siteId, cachedStaff(siteId)),
      holidays: body.holidays,
      spans,
      pending: row.pending === null ? [] : (JSON.parse(row.pending) as FlatSpans),
      names: new Map(detail?.names ?? []),
      details: new Map(
        [...(detail?.details ?? []), ...(detail?.requests ?? [])].map(([id, reasonId, reasonName, countsAgainstAllowance, notes]) => [
          id,
          { reasonId, reasonName, countsAgainstAllowance, notes },
        ]),
      ),
    });
  }
  return out;
}

type DetailText = {
  names: Array<[number, string]>;
  details: Array<[number, number, string | null, boolean, string | null]>;
  requests: Array<[number, number, string | null, boolean, string | null]>;
};

function keepEmployees(spans: FlatSpans, ids: ReadonlySet<number>): FlatSpans {
  const kept: Array<number | null> = [];
  for (let i = 0; i + SPAN_FIELDS <= spans.length; i += SPAN_FIELDS)
    if (ids.has(spans[i + 1] as number)) for (let k = 0; k < SPAN_FIELDS; k++) kept.push(spans[i + k]);
  return kept;
}

/**
 * The exceptions of the facts as the engine's plain list, in id order (for pages that pick some out). The type's
 * id is known when the facts were read with `detail`; else 0, which no hours figure reads.
 */
export function exceptionsOf(site: Pick<SiteDays, 'spans' | 'details'>, spans: FlatSpans = site.spans): EngineException[] {
  const out: EngineException[] = [];
  for (let i = 0; i + SPAN_FIELDS <= spans.length; i += SPAN_FIELDS) {
    const id = spans[i] as number;
    out.push({
      id,
      reasonId: site.details.get(id)?.reasonId ?? 0,
      employeeId: spans[i + 1] as number,
      startDate: fromDayNumber(spans[i + 2] as number),
      endDate: fromDayNumber(spans[i + 3] as number),
      isFullDay: spans[i + 4] === 1,
      hours: spans[i + 5],
      isAdditive: spans[i + 6] === 1,
    });
  }
  return out;
}

export interface HoursOptions {
  /** Count the pending requests as approved (the "if approved" line). */
  withPending?: boolean;
  /** A change not yet stored: an exception added, or one left out. */
  change?: SpanChange;
  /** Stored hours for days before the cutoff (the day explanation). */
  storedDays?: readonly StoredDayHours[];
}

/** The engine over the facts: each day's available hours and its per-employee detail. */
export function siteHours(site: SiteDays, days: readonly string[], opts: HoursOptions = {}): Map<string, DayAvailability> {
  const spans = opts.withPending && site.pending.length > 0 ? [...site.spans, ...site.pending] : site.spans;
  return computeAvailability({
    days,
    settings: site.settings,
    employees: site.employees,
    holidays: site.holidays,
    exceptions: prepareFlatSpans(spans, opts.change),
    storedDays: opts.storedDays,
  });
}

/**
 * The engine over an input a page narrowed from the facts (one employee, the exceptions of a range): the same
 * run, for readers that hold the facts as lists. The input must come from `readSiteDays`.
 */
export const hoursOfInput = (input: AvailabilityInput): Map<string, DayAvailability> => computeAvailability(input);
