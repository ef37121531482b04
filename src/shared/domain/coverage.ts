import { fromDayNumber, toDayNumber, weekdayOfDayNumber } from './dates';

/**
 * Coverage (decision 096): a site's minimum available hours per day, and the days that fall under it.
 *
 * Rules come in versions by date, like contracts: each version names a minimum for some weekdays (a weekday it
 * leaves out has no minimum) and holds from its `validFrom` until the next version. A date override (a busy day,
 * a closed day) beats every version. Hours are compared in tenths, the unit the calendar shows, so 40.0 h
 * available against a 40 h minimum is covered whatever floating point made of the sums.
 */

export const COVERAGE_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type CoverageWeekday = (typeof COVERAGE_WEEKDAYS)[number];

/** One version: minimums by weekday (absent: no minimum), from `validFrom` on. */
export interface CoverageVersion {
  validFrom: string;
  weekdays: Partial<Record<CoverageWeekday, number>>;
}

export interface CoverageRules {
  /** In any order; the latest `validFrom` on or before a date is the one that holds. */
  versions: readonly CoverageVersion[];
  /** Date (`yyyy-MM-dd`) to minimum hours; beats the versions. */
  overrides: Readonly<Record<string, number>>;
}

const NO_DAYS: ReadonlySet<string> = new Set();

export const NO_COVERAGE_RULES: CoverageRules = { versions: [], overrides: {} };

export const hasCoverageRules = (r: CoverageRules): boolean =>
  Object.keys(r.overrides).length > 0 || r.versions.some((v) => Object.values(v.weekdays).some((h) => h !== undefined));

const tenths = (hours: number): number => Math.round(hours * 10);

/** The version that holds on a date, or null before the first. */
export function versionOn(rules: CoverageRules, date: string): CoverageVersion | null {
  let best: CoverageVersion | null = null;
  for (const v of rules.versions) if (v.validFrom <= date && (!best || v.validFrom > best.validFrom)) best = v;
  return best;
}

/**
 * The minimum available hours on a date, or null when the date has none. A public holiday has none unless an
 * override names it: the site's weekday minimum is for a working day, and a holiday's hours are 0 by rule.
 */
export function requiredHours(rules: CoverageRules, date: string, isPublicHoliday = false): number | null {
  const override = rules.overrides[date];
  if (override !== undefined) return override;
  if (isPublicHoliday) return null;
  const v = versionOn(rules, date);
  if (!v) return null;
  return v.weekdays[COVERAGE_WEEKDAYS[weekdayOfDayNumber(toDayNumber(date))]] ?? null;
}

/** How many hours a day is under its minimum (one decimal), 0 when covered or without a minimum. */
export function shortBy(available: number, required: number | null): number {
  if (required === null) return 0;
  const gap = tenths(required) - tenths(available);
  return gap > 0 ? gap / 10 : 0;
}

export interface ShortfallDay {
  date: string;
  requiredHours: number;
  availableBefore: number;
  availableAfter: number;
  /** Hours under the minimum after the change, one decimal. */
  shortHours: number;
}

/**
 * The days a change creates or deepens a shortfall on: after it, the day is under its minimum and has fewer
 * hours than before. A day already short that the change leaves alone, or lifts, is not one of them.
 */
export function worsenedDays(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  rules: CoverageRules,
  holidays: ReadonlySet<string> = NO_DAYS,
): ShortfallDay[] {
  const out: ShortfallDay[] = [];
  for (const [date, availableAfter] of after) {
    const required = requiredHours(rules, date, holidays.has(date));
    const availableBefore = before.get(date) ?? availableAfter;
    const short = shortBy(availableAfter, required);
    if (required !== null && short > 0 && tenths(availableAfter) < tenths(availableBefore)) {
      out.push({ date, requiredHours: required, availableBefore, availableAfter, shortHours: short });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export interface SuggestedRange {
  startDate: string;
  endDate: string;
  /** Days from the asked start: negative earlier, positive later. */
  shiftDays: number;
  /** The least room left over the minimum on the days the change takes hours from (null: none has a minimum). */
  lowestMarginHours: number | null;
}

export interface SuggestInput {
  startDate: string;
  endDate: string;
  /** The site's hours per day without the change, for every day the search may look at. */
  baseline: ReadonlyMap<string, number>;
  /** What the change takes from a day if it covers it (0 on days it takes nothing, e.g. weekends). */
  takes: (date: string) => number;
  rules: CoverageRules;
  /** Public holidays among the days: no minimum unless overridden. */
  holidays?: ReadonlySet<string>;
  /** Earliest start allowed (e.g. today); default no limit within `maxShift`. */
  notBefore?: string;
  /** How far from the asked start to look, in days each way. */
  maxShift: number;
  /** How many to answer. */
  limit: number;
}

/**
 * The nearest ranges of the same length that create or deepen no shortfall, alternating later and earlier at
 * each distance (later first, since leave is usually moved back rather than forward), nearest first. A range
 * begins and ends on days the change takes hours from, so it never lands on the person's days off.
 */
export function suggestRanges(input: SuggestInput): SuggestedRange[] {
  const start = toDayNumber(input.startDate);
  const length = toDayNumber(input.endDate) - start;
  const floor = input.notBefore ? toDayNumber(input.notBefore) : -Infinity;
  const out: SuggestedRange[] = [];
  for (let distance = 1; distance <= input.maxShift && out.length < input.limit; distance++) {
    for (const shift of [distance, -distance]) {
      if (out.length >= input.limit) break;
      const s = start + shift;
      if (s < floor) continue;
      const fit = rangeFits(input, s, s + length);
      if (fit.ok)
        out.push({ startDate: fromDayNumber(s), endDate: fromDayNumber(s + length), shiftDays: shift, lowestMarginHours: fit.margin });
    }
  }
  return out;
}

function rangeFits(input: SuggestInput, from: number, to: number): { ok: boolean; margin: number | null } {
  // A range must begin and end on days the change takes hours from: moving a day's leave to a Saturday the
  // person never works "keeps every day covered" but moves nothing.
  if (input.takes(fromDayNumber(from)) === 0 || input.takes(fromDayNumber(to)) === 0) return { ok: false, margin: null };
  let margin: number | null = null;
  for (let d = from; d <= to; d++) {
    const date = fromDayNumber(d);
    const before = input.baseline.get(date);
    if (before === undefined) return { ok: false, margin: null };
    const taken = input.takes(date);
    const after = before - taken;
    const required = requiredHours(input.rules, date, input.holidays?.has(date) ?? false);
    if (required === null || taken === 0) continue;
    if (tenths(after) < tenths(before) && shortBy(after, required) > 0) return { ok: false, margin: null };
    const room = (tenths(after) - tenths(required)) / 10;
    if (margin === null || room < margin) margin = room;
  }
  return { ok: true, margin };
}
