/**
 * What the calendar grids draw, built once per data change: the pills of each visible day and one
 * model per day. Pure; the hours come from the shared engine, never from rules repeated here.
 */
import type { TDayChange, TExceptionView, TNoteView } from '../../../shared/contracts/calendar';
import type { DayAvailability } from '../../../shared/domain/availability';
import { requiredHours, shortBy, type CoverageRules } from '../../../shared/domain/coverage';
import { oneDecimal, shortLabel } from '../../../shared/domain/coverage-messages';
import { fromDayNumber, isWeekendDate, toDayNumber } from '../../../shared/domain/dates';
import { awaitsAuthorisation, isDayChanged } from '../../../shared/domain/day-authorisation';
import { formatHours, partsOf, shortDayLabel, spokenDate } from './dates';

export interface ExceptionPill {
  kind: 'exception';
  key: string;
  id: number;
  text: string;
  color: string;
  /** A middle day of a multi-day span (neither its first nor its last day). */
  continued: boolean;
  exception: TExceptionView;
  /** A time-off request not yet decided (decision 093): drawn hatched and named "Pending", never edited here. */
  pending?: boolean;
}
export interface NotePill {
  kind: 'note';
  key: string;
  id: number;
  text: string;
  color: string;
  note: TNoteView;
}
export type CalendarPill = ExceptionPill | NotePill;

export interface CalendarDay {
  date: string;
  /** "21 Nov" */
  label: string;
  isCurrentMonth: boolean;
  isToday: boolean;
  isWeekend: boolean;
  /** A Saturday or Sunday the site works (settings flag on): employees' weekend hours count. */
  isWorkingWeekend: boolean;
  isPublicHoliday: boolean;
  publicHolidayName: string | null;
  /** null until the data has loaded */
  availableHours: number | null;
  /** The site's minimum for the day (decision 099), null when it has none or the rules have not loaded. */
  requiredHours: number | null;
  /** Hours under the minimum, one decimal; 0 when covered, without a minimum or not yet known. */
  shortHours: number;
  /** The day has unauthorised changes (spec §4). */
  isChanged: boolean;
  /** Yellow highlight: changed and hours above zero. */
  awaitingAuth: boolean;
  /** The day's day-change row (its last change and authorisation), or null when it never changed. */
  dayChange: TDayChange | null;
  pills: readonly CalendarPill[];
  exceptionCount: number;
  noteCount: number;
  /** "Monday 16 November 2026, 45.6 hours available, Holiday: …" */
  ariaLabel: string;
}

/** The weekend's label: a worked one is named apart, so its hours do not look like a mistake. */
export const weekendLabel = (day: Pick<CalendarDay, 'isWorkingWeekend'>) => (day.isWorkingWeekend ? 'Working weekend' : 'Weekend');

export const exceptionPillText = (e: Pick<TExceptionView, 'employeeName' | 'reasonName'>, continued: boolean) =>
  `${e.employeeName} – ${e.reasonName}${continued ? ' (continued)' : ''}`;
export const notePillText = (n: Pick<TNoteView, 'title' | 'description'>) => (n.description?.trim() ? n.description : n.title);

/** The pills of each day in `days` (exceptions first, in list order, then notes), touching only the days each item covers. */
export function buildPillsByDay(
  days: readonly string[],
  exceptions: readonly TExceptionView[],
  notes: readonly TNoteView[],
  /** Pending time-off requests as the exceptions they would become, drawn after the exceptions. */
  pending: readonly TExceptionView[] = [],
): Map<string, CalendarPill[]> {
  const byDay = new Map<string, CalendarPill[]>();
  if (days.length === 0) return byDay;
  const first = toDayNumber(days[0]);
  const last = toDayNumber(days[days.length - 1]);
  const buckets: CalendarPill[][] = [];
  for (let n = first; n <= last; n++) buckets.push([]);

  for (const e of [...exceptions, ...pending]) {
    const isPending = pending.includes(e);
    const start = toDayNumber(e.startDate);
    const end = toDayNumber(e.endDate);
    const lo = Math.max(start, first);
    const hi = Math.min(end, last);
    for (let n = lo; n <= hi; n++) {
      const continued = n !== start && n !== end;
      buckets[n - first].push({
        kind: 'exception',
        key: `${isPending ? 'r' : 'e'}${e.id}`,
        id: e.id,
        text: `${isPending ? 'Pending: ' : ''}${exceptionPillText(e, continued)}`,
        color: e.reasonColor,
        continued,
        exception: e,
        pending: isPending || undefined,
      });
    }
  }
  for (const note of notes) {
    const lo = Math.max(toDayNumber(note.startDate), first);
    const hi = Math.min(toDayNumber(note.endDate), last);
    const text = notePillText(note);
    for (let n = lo; n <= hi; n++)
      buckets[n - first].push({ kind: 'note', key: `n${note.id}`, id: note.id, text, color: note.color, note });
  }
  for (let i = 0; i < buckets.length; i++) byDay.set(fromDayNumber(first + i), buckets[i]);
  return byDay;
}

export interface BuildDaysInput {
  days: readonly string[];
  /** 1-based month of the month view; days outside it are drawn faded. Omit for week and day views. */
  viewMonth?: number;
  today: string;
  availability: Map<string, DayAvailability> | null;
  pillsByDay: Map<string, CalendarPill[]>;
  dayChanges: readonly TDayChange[];
  /** The site's minimum hours; without them no day is short. */
  coverage?: CoverageRules;
}

const EMPTY: readonly CalendarPill[] = Object.freeze([]);

function ariaLabelOf(day: Omit<CalendarDay, 'ariaLabel'>): string {
  const parts = [spokenDate(day.date)];
  if (day.availableHours !== null) parts.push(`${formatHours(day.availableHours)} hours available`);
  if (day.shortHours > 0 && day.requiredHours !== null)
    parts.push(`${shortLabel(day.shortHours)} of the ${oneDecimal(day.requiredHours)} h minimum`);
  if (day.isToday) parts.push('today');
  if (day.publicHolidayName !== null) parts.push(`Holiday: ${day.publicHolidayName}`);
  else if (day.isWeekend) parts.push(weekendLabel(day));
  if (day.exceptionCount) parts.push(`${day.exceptionCount} ${day.exceptionCount === 1 ? 'exception' : 'exceptions'}`);
  if (day.noteCount) parts.push(`${day.noteCount} ${day.noteCount === 1 ? 'note' : 'notes'}`);
  if (day.awaitingAuth) parts.push('awaiting authorisation');
  return parts.join(', ');
}

export function buildDays({ days, viewMonth, today, availability, pillsByDay, dayChanges, coverage }: BuildDaysInput): CalendarDay[] {
  const changes = new Map(dayChanges.map((c) => [c.date, c]));
  return days.map((date) => {
    const a = availability?.get(date);
    const pills = pillsByDay.get(date) ?? EMPTY;
    let exceptionCount = 0;
    for (const p of pills) if (p.kind === 'exception') exceptionCount++;
    const isPublicHoliday = a?.isPublicHoliday ?? false;
    const availableHours = a ? a.availableHours : null;
    const dayChange = changes.get(date) ?? null;
    const isChanged = isDayChanged(date, dayChange, isPublicHoliday, today);
    const required = coverage ? requiredHours(coverage, date, isPublicHoliday) : null;
    const day: Omit<CalendarDay, 'ariaLabel'> = {
      date,
      label: shortDayLabel(date),
      isCurrentMonth: viewMonth === undefined || partsOf(date).month === viewMonth,
      isToday: date === today,
      isWeekend: a?.isWeekend ?? isWeekendDate(date),
      isWorkingWeekend: a?.isWorkingWeekend ?? false,
      isPublicHoliday,
      publicHolidayName: a?.publicHolidayName ?? null,
      availableHours,
      requiredHours: required,
      shortHours: availableHours === null ? 0 : shortBy(availableHours, required),
      isChanged,
      awaitingAuth: availableHours !== null && awaitsAuthorisation(availableHours, isChanged),
      dayChange,
      pills,
      exceptionCount,
      noteCount: pills.length - exceptionCount,
    };
    return { ...day, ariaLabel: ariaLabelOf(day) };
  });
}
