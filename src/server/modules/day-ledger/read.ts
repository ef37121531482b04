/**
 * Where a day's hours are read (issue 47, decision 110). Every figure of hours on the server, the calendar's
 * write path aside, comes from here: the reports (preview, PDF, CSV, mail) and the employee's absence totals,
 * the day explanation, the capacity forecast and the coverage assistant, a request's hours and the balances.
 *
 * `readSiteDays` reads, per site of a scope and for a range of days, the facts every figure is made of: the
 * weekend settings, the staff with every contract version and their employment (the versions start on the
 * start date; the end date closes the last), the exceptions with their type's additivity, and the holidays,
 * in ONE statement whatever the number of sites, built from the same rows the ledger's writes read after their
 * locks (`siteDaysInputSql`: STAFF_ROW, SPAN_ROW).
 * `siteHours` runs the shared engine over it; `employeeDayTakes` (shared/domain/absence-takes.ts) then says what
 * each absence takes from each employee-day. No other module assembles the engine's input, and a lint rule
 * (eslint.config.js, proven by eslint-rules/day-ledger-boundary.test.ts) refuses the engine in a server file
 * outside this module.
 */
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
import { inSiteIds, type ActorSiteId, type SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import {
  employeeContracts,
  employees,
  exceptionReasons,
  exceptions,
  leaveRequests,
  publicHolidays,
  siteSettings,
  siteStaffVersions,
} from '../../db/schema';
import { SPAN_ORDER, SPAN_ROW, STAFF_ORDER, STAFF_ROW, staffOfBody, type SiteDaysBody } from './input';
import { cachedStaff } from './staff-cache';

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
  /** The exceptions overlapping the range, in the ledger's flat form (input.ts), by first day then id (SPAN_ORDER). */
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

/**
 * Every list of every site as rows of (kind, site, text), in ONE statement whose plan does not grow with the
 * number of sites: each list is one query grouped by site. A statement of one part per site cost PostgreSQL
 * 5–7 ms of planning a site, 0.35 s for the forecast's 50. The rows are the ledger's own (STAFF_ROW, SPAN_ROW).
 */
function listsSql(siteIds: readonly ActorSiteId[], known: ReadonlyArray<string | null>, from: string, to: string, opts: ReadOptions): SQL {
  const e = exceptions;
  const c = employeeContracts;
  const r = exceptionReasons;
  const q = leaveRequests;
  const onlyExceptions = opts.employeeIds ? sql`and ${e.employeeId} = any(${sql.param([...opts.employeeIds])}::int[])` : sql``;
  const onlyRequests = opts.employeeIds ? sql`and ${q.employeeId} = any(${sql.param([...opts.employeeIds])}::int[])` : sql``;
  const window = (start: unknown, end: unknown) => sql`${start} <= ${to}::date and ${end} >= ${from}::date`;
  // The staff text is left out for a site whose version this server already holds (staff-cache.ts).
  const held = sql`select ${siteStaffVersions.siteId} from ${siteStaffVersions}
    join unnest(${sql.param([...siteIds])}::int[], ${sql.param([...known])}::text[]) as k(site, version)
      on k.site = ${siteStaffVersions.siteId} and k.version = ${siteStaffVersions.version}::text`;
  const parts: SQL[] = [
    sql`select 'version' as kind, ${siteStaffVersions.siteId} as site, ${siteStaffVersions.version}::text as body
      from ${siteStaffVersions} where ${inSiteIds(siteIds, siteStaffVersions.siteId)}`,
    sql`select 'settings', ${siteSettings.siteId}, json_build_object('saturdayWorkday', ${siteSettings.saturdayWorkday},
        'sundayWorkday', ${siteSettings.sundayWorkday})::text
      from ${siteSettings} where ${inSiteIds(siteIds, siteSettings.siteId)}`,
    sql`select 'staff', ${employees.siteId}, '[' || string_agg(${STAFF_ROW}, ',' order by ${STAFF_ORDER}) || ']'
      from ${employees} join ${c} on ${c.employeeId} = ${employees.id} and ${inSiteIds(siteIds, c.siteId)}
      where ${inSiteIds(siteIds, employees.siteId)} and ${employees.siteId} not in (${held})
      group by ${employees.siteId}`,
    sql`select 'spans', ${e.siteId}, '[' || string_agg(${SPAN_ROW}, ',' order by ${SPAN_ORDER}) || ']'
      from ${e} left join ${r} on ${r.id} = ${e.reasonId}
      where ${inSiteIds(siteIds, e.siteId)} and ${window(e.startDate, e.endDate)} ${onlyExceptions}
      group by ${e.siteId}`,
    sql`select 'holidays', ${publicHolidays.siteId}, json_agg(json_build_object('date', ${publicHolidays.date}, 'name', ${publicHolidays.name})
        order by ${publicHolidays.date}, ${publicHolidays.id})::text
      from ${publicHolidays} where ${inSiteIds(siteIds, publicHolidays.siteId)} and ${publicHolidays.date} between ${from}::date and ${to}::date
      group by ${publicHolidays.siteId}`,
  ];
  if (opts.pending)
    parts.push(sql`select 'pending', ${q.siteId}, '[' || string_agg(concat_ws(',', -${q.id}, ${q.employeeId}, ${dayNumber(q.startDate)},
        ${dayNumber(q.endDate)}, ${q.isFullDay}::int, coalesce(${q.hours}::text, 'null'), coalesce(${r.isAdditive}, false)::int), ',' order by ${q.startDate}, ${q.id}) || ']'
      from ${q} left join ${r} on ${r.id} = ${q.reasonId}
      where ${inSiteIds(siteIds, q.siteId)} and ${q.status} = 'pending' and ${window(q.startDate, q.endDate)} ${onlyRequests}
      group by ${q.siteId}`);
  if (opts.detail) {
    parts.push(sql`select 'names', ${employees.siteId}, json_agg(json_build_array(${employees.id}, ${employees.name}) order by ${employees.id})::text
      from ${employees} where ${inSiteIds(siteIds, employees.siteId)} group by ${employees.siteId}`);
    parts.push(sql`select 'details', ${e.siteId}, json_agg(json_build_array(${e.id}, ${e.reasonId}, ${r.name},
        coalesce(${r.countsAgainstAllowance}, false), ${e.notes}) order by ${e.id})::text
      from ${e} left join ${r} on ${r.id} = ${e.reasonId}
      where ${inSiteIds(siteIds, e.siteId)} and ${window(e.startDate, e.endDate)} ${onlyExceptions}
      group by ${e.siteId}`);
    // A pending request's particulars under its span's (negative) id; its notes are the request's own.
    if (opts.pending)
      parts.push(sql`select 'details', ${q.siteId}, json_agg(json_build_array(-${q.id}, ${q.reasonId}, ${r.name},
          coalesce(${r.countsAgainstAllowance}, false), ${q.note}) order by ${q.id})::text
        from ${q} left join ${r} on ${r.id} = ${q.reasonId}
        where ${inSiteIds(siteIds, q.siteId)} and ${q.status} = 'pending' and ${window(q.startDate, q.endDate)} ${onlyRequests}
        group by ${q.siteId}`);
  }
  return sql.join(parts, sql` union all `);
}

type Row = { kind: string; site: number; body: string };
type DetailRow = [number, number, string | null, boolean, string | null];

/**
 * The facts of the days `from`..`to` of every site of `scope`, in one statement (one snapshot). Sites the scope
 * does not hold are never read: each list is filtered by ids the scope minted.
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
  const held = siteIds.map((id) => cachedStaff(id));
  const { rows } = (await db.execute(
    listsSql(
      siteIds,
      held.map((k) => k?.version ?? null),
      from,
      to,
      opts,
    ),
  )) as unknown as { rows: Row[] };
  const texts = new Map<number, Map<string, string[]>>();
  for (const row of rows) {
    const site = Number(row.site);
    let kinds = texts.get(site);
    if (!kinds) texts.set(site, (kinds = new Map()));
    kinds.set(row.kind, [...(kinds.get(row.kind) ?? []), row.body]);
  }
  siteIds.forEach((siteId, i) => {
    const kinds = texts.get(siteId);
    const one = (kind: string) => kinds?.get(kind)?.[0] ?? null;
    const parsed = <T>(kind: string, empty: T): T => {
      const text = one(kind);
      return text === null ? empty : (JSON.parse(text) as T);
    };
    const staffText = one('staff');
    const body: SiteDaysBody = {
      settings: parsed('settings', { saturdayWorkday: false, sundayWorkday: false }),
      staffVersion: one('version'),
      staff:
        staffText === null ? (held[i] && held[i].version === one('version') ? null : []) : (JSON.parse(staffText) as Array<number | null>),
      spans: parsed<FlatSpans>('spans', []),
      holidays: parsed('holidays', []),
    };
    const details = (kinds?.get('details') ?? []).flatMap((t) => JSON.parse(t) as DetailRow[]);
    out.set(siteId, {
      siteId,
      settings: body.settings,
      employees: staffOfBody(body, siteId, held[i]),
      holidays: body.holidays,
      spans: body.spans,
      pending: parsed<FlatSpans>('pending', []),
      names: new Map(parsed<Array<[number, string]>>('names', [])),
      details: new Map(
        details.map(([id, reasonId, reasonName, countsAgainstAllowance, notes]) => [
          id,
          { reasonId, reasonName, countsAgainstAllowance, notes },
        ]),
      ),
    });
  });
  return out;
}

/**
 * The exceptions of the facts as the engine's plain list, in the facts' order (for pages that pick some out). The type's
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
