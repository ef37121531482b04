/**
 * The day ledger (decisions 076 and 110): every change of a day's hours passes here, and every hours figure is
 * read here. Where a day's hours are READ: `read.ts` (`readSiteDays`/`readOneSite` for the facts of a range,
 * `siteHours` for the engine's figures; the calendar reply's contract rows in `calendar-wire.ts`). Nothing else
 * assembles the engine's input, runs the engine on the server, writes `day_changes` or takes the hours locks.
 *
 * A change of hours is always the same five steps:
 *
 * 1. lock the days it touches (`lockSql`/`lock`: the days, or the whole site for a change of many days);
 * 2. read the engine's input for those days after the lock (`input.ts`: settings, staff with every contract
 *    version, exceptions, holidays), in one statement;
 * 3. run the shared engine (`src/shared/domain/availability.ts`), the same code the calendar runs in the browser;
 * 4. write the days' rows (`store.ts`): new hours awaiting authorisation, or, for a past day of a confirmed
 *    history change, new current hours beside the hours that were authorised;
 * 5. announce: the route's reply is announced to open calendars once it is sent (live/announce.ts), and the
 *    database's triggers mark the site's calendar data changed in the same transaction.
 *
 * One representation of hours on the way: numbers of hours as PostgreSQL's numeric columns give them (0.1 steps,
 * efficiency a whole percent), turned by the engine alone into integer units of 1e-5 h for exact sums, and
 * stored as one-decimal hours. Contracts reach the engine as `EngineStaff` (flat hours when an employee has one
 * version from the beginning of time and no end date, else its versions by date).
 *
 * One part of the fast path stays, here and only here: an exception's write (exceptions/service.ts) is two round
 * trips because its own statements take the day locks (`lockSql`) and read the input (`siteDaysInputSql`) beside
 * the change, then `finishSpanChange` computes and returns the upsert to send with COMMIT; and the staff list is
 * kept between requests while the database confirms its version (staff-cache.ts). Without them the write bench's
 * p99 at 16 connections on 300 employees roughly doubled (decisions 054 and 059). Those writes run in
 * `spanTransaction`, which tells the calendar-data triggers that the route announces the change, so they stay
 * quiet (a NOTIFY per write serialised concurrent commits, decision 059).
 */
export { lock, lockSql, daysArray } from './locks';
export { parseSiteDays, siteDaysInputSql, siteDaysStatement, type SiteDaysData } from './input';
export {
  exceptionsOf,
  hoursOfInput,
  readOneSite,
  readSiteDays,
  siteHours,
  type ExceptionDetail,
  type HoursOptions,
  type ReadOptions,
  type SiteDays,
} from './read';
export {
  authoriseChanged,
  authoriseDate,
  changeHistory,
  finishSpanChange,
  knownStaff,
  pastMovesConfirmed,
  readDays,
  recordDays,
  refreshRecorded,
  spanDays,
  spanTransaction,
  todayOf,
  type PastImpact,
  type SpanInspector,
} from './ledger';
export { contractHoursColumns } from './staff';
export { calendarStaffRows } from './calendar-wire';
export { cachedStaff } from './staff-cache';
export { explainDay } from './explain';
export { hoursLessOne, type PlainDaysInput } from './hours-less-one';
export { repairStoredDays, STORED_DAYS_REPAIR_JOB, type RepairCounts } from './repair';
