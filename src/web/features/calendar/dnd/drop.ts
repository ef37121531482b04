/**
 * Drag items, drop targets and what a drop means (spec §2, §4 "Drag outcomes"), pure so every outcome
 * is unit-tested without a browser.
 */
import type { UniqueIdentifier } from '@dnd-kit/core';
import type { TExceptionView, TNoteView } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { spokenDate } from '../dates';
import { exceptionPillText, type CalendarPill } from '../model';
import { ZDraggedEmployee } from '../schemas';
import { sameSpan, spanAfterDrop, type PillDragMode, type Span } from './span';

/** The source every pill of the grid drags as (the grid delegates; see GridDragSource). */
export const GRID_PILL_ID = 'grid-pill';
export const dropId = (date: string) => `day:${date}`;
export const dateOfDrop = (id: UniqueIdentifier | null | undefined) =>
  typeof id === 'string' && id.startsWith('day:') ? id.slice(4) : undefined;

export type DragItem =
  | { kind: 'pill'; mode: PillDragMode; pill: CalendarPill; origin: string }
  /** The employee as the side panel had it; checked when dropped. */
  | { kind: 'employee'; name: string; employee: unknown }
  | { kind: 'template'; name: string; color: string };

export type DropOutcome =
  | { type: 'none' }
  | { type: 'employee'; employee: TEmployee; date: string }
  | { type: 'bad-employee'; detail: string }
  | { type: 'template'; color: string; date: string }
  /** An exception moved to the day it is on (spec §4: the info toast "No change"). */
  | { type: 'no-change' }
  | { type: 'exception'; mode: PillDragMode; exception: TExceptionView; span: Span }
  | { type: 'note'; mode: PillDragMode; note: TNoteView; span: Span };

export function dropOutcome(item: DragItem, date: string): DropOutcome {
  if (item.kind === 'template') return { type: 'template', color: item.color, date };
  if (item.kind === 'employee') {
    const parsed = ZDraggedEmployee.safeParse(item.employee);
    if (parsed.success) return { type: 'employee', employee: parsed.data, date };
    const issue = parsed.error.issues[0];
    return { type: 'bad-employee', detail: issue ? `${issue.path.join('.') || 'employee'}: ${issue.message}` : 'invalid data' };
  }
  const { pill, mode, origin } = item;
  const record = pill.kind === 'exception' ? pill.exception : pill.note;
  const span = spanAfterDrop(record, mode, origin, date);
  if (sameSpan(span, record)) return pill.kind === 'exception' && mode === 'move' ? { type: 'no-change' } : { type: 'none' };
  return pill.kind === 'exception'
    ? { type: 'exception', mode, exception: pill.exception, span }
    : { type: 'note', mode, note: pill.note, span };
}

/** The days the item would cover if dropped on `date` (highlighted while dragging). */
export function previewSpan(item: DragItem, date: string): Span {
  if (item.kind !== 'pill') return { startDate: date, endDate: date };
  const record = item.pill.kind === 'exception' ? item.pill.exception : item.pill.note;
  return spanAfterDrop(record, item.mode, item.origin, date);
}

/** What screen readers hear the item called. */
export function itemLabel(item: DragItem): string {
  if (item.kind === 'employee') return `employee ${item.name}`;
  if (item.kind === 'template') return `${item.name} note template`;
  const p = item.pill;
  const what = p.kind === 'exception' ? `exception ${exceptionPillText(p.exception, false)}` : `note ${p.text}`;
  return item.mode === 'move' ? what : `the ${item.mode} of ${what}`;
}

export const dayLabel = (id: UniqueIdentifier | null | undefined) => {
  const date = dateOfDrop(id);
  return date ? spokenDate(date) : undefined;
};
