import type { TCoverageRules, TCoverageRulesInput, TCoverageVersion, TCoverageWeekdays } from '../../../../shared/contracts/coverage';
import { COVERAGE_WEEKDAYS, type CoverageWeekday } from '../../../../shared/domain/coverage';
import { oneDecimal } from '../../../../shared/domain/coverage-messages';
import { dayMonthYear } from '../../../lib/day-label';
import { WEEKDAY_NAMES } from '../../../lib/weekdays';

/** The "Minimum hours" card's form (decision 099): text as typed, blank for "no minimum". */
export interface CoverageForm {
  weekdays: Record<CoverageWeekday, string>;
  validFrom: string;
  overrides: Array<{ key: number; date: string; hours: string }>;
  alertHorizonDays: string;
}

const text = (h: number | undefined) => (h === undefined ? '' : String(h));

export function formFrom(saved: TCoverageRules, today: string): CoverageForm {
  return {
    weekdays: Object.fromEntries(COVERAGE_WEEKDAYS.map((d) => [d, text(saved.weekdays[d])])) as CoverageForm['weekdays'],
    validFrom: today,
    overrides: saved.overrides.map((o, i) => ({ key: i, date: o.date, hours: String(o.hours) })),
    alertHorizonDays: String(saved.alertHorizonDays),
  };
}

/** A minimum as typed: a number of hours in steps of 0.1, or blank. Answers the problem, or null. */
export function minimumProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return 'Minimum hours must be a number';
  if (n < 0) return 'Minimum hours must not be negative';
  if (n > 9999) return 'Minimum hours must be at most 9999';
  if (Math.abs(Math.round(n * 10) - n * 10) > 1e-9) return 'Minimum hours go in steps of 0.1';
  return null;
}

/** The first thing wrong with the form, in the server's words where it has them; null when it can be saved. */
export function formProblem(f: CoverageForm, today: string): string | null {
  for (const d of COVERAGE_WEEKDAYS) {
    const p = minimumProblem(f.weekdays[d]);
    if (p) return `${WEEKDAY_NAMES[COVERAGE_WEEKDAYS.indexOf(d)]}: ${p}`;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.validFrom)) return 'Give the date the minimums are valid from';
  const seen = new Set<string>();
  for (const o of f.overrides) {
    if (!o.date) return 'Give each override a date';
    if (o.date < today) return 'Overrides are for today or later';
    if (seen.has(o.date)) return 'Each override date may appear once';
    seen.add(o.date);
    if (o.hours.trim() === '') return `${dayMonthYear(o.date)}: give the hours (0 for closed)`;
    const p = minimumProblem(o.hours);
    if (p) return `${dayMonthYear(o.date)}: ${p}`;
  }
  const days = Number(f.alertHorizonDays);
  if (!Number.isInteger(days) || days < 1 || days > 90) return 'The alert horizon is a whole number of days from 1 to 90';
  return null;
}

const weekdaysOf = (f: CoverageForm): TCoverageWeekdays =>
  Object.fromEntries(COVERAGE_WEEKDAYS.filter((d) => f.weekdays[d].trim() !== '').map((d) => [d, Number(f.weekdays[d])]));

const sameWeekdays = (a: TCoverageWeekdays, b: TCoverageWeekdays) => COVERAGE_WEEKDAYS.every((d) => a[d] === b[d]);

/**
 * The PUTs a save sends, only for what changed. The weekday minimums start a version on "Valid from"; the
 * overrides shown (today on) are sent from today, so a later "Valid from" never refuses them and an earlier one
 * never erases the past days' overrides this card does not show. The horizon rides with the first.
 */
export function requestsOf(f: CoverageForm, saved: TCoverageRules, today: string): TCoverageRulesInput[] {
  const out: TCoverageRulesInput[] = [];
  const weekdays = weekdaysOf(f);
  if (!sameWeekdays(weekdays, saved.weekdays)) out.push({ validFrom: f.validFrom, weekdays });
  const overrides = [...f.overrides].sort((a, b) => (a.date < b.date ? -1 : 1)).map((o) => ({ date: o.date, hours: Number(o.hours) }));
  const changed =
    overrides.length !== saved.overrides.length ||
    overrides.some((o, i) => o.date !== saved.overrides[i].date || o.hours !== saved.overrides[i].hours);
  if (changed) out.push({ validFrom: today, overrides });
  const days = Number(f.alertHorizonDays);
  if (days !== saved.alertHorizonDays) {
    if (out.length) out[0] = { ...out[0], alertHorizonDays: days };
    else out.push({ validFrom: today, alertHorizonDays: days });
  }
  return out;
}

/** "Mon 40.0 h, Sat 12.0 h", or "no minimums". */
export function weekdaysText(weekdays: TCoverageWeekdays): string {
  const parts = COVERAGE_WEEKDAYS.filter((d) => weekdays[d] !== undefined).map(
    (d) => `${WEEKDAY_NAMES[COVERAGE_WEEKDAYS.indexOf(d)].slice(0, 3)} ${oneDecimal(weekdays[d]!)} h`,
  );
  return parts.length ? parts.join(', ') : 'no minimums';
}

/** The versions, latest first: "From 1 Mar 2026: Mon 40.0 h, …". */
export const versionLines = (versions: readonly TCoverageVersion[]): string[] =>
  [...versions]
    .sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1))
    .map((v) => `From ${dayMonthYear(v.validFrom)}: ${weekdaysText(v.weekdays)}`);
