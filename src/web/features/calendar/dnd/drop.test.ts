import { describe, expect, it } from 'vitest';
import type { TExceptionView, TNoteView } from '../../../../shared/contracts/calendar';
import { exceptionUpdateBody } from '../mutations';
import type { CalendarPill } from '../model';
import { dateOfDrop, dropId, dropOutcome, itemLabel, previewSpan, type DragItem } from './drop';

const exception: TExceptionView = {
  id: 7, siteId: 1, employeeId: 3, reasonId: 2, startDate: '2027-03-10', endDate: '2027-03-12', isFullDay: false, hours: 2.5, notes: 'dentist', version: 4,
  employeeName: 'Ana', reasonName: 'Sick Leave', reasonColor: '#ef4444', isAdditive: false, isRangeStart: true, isRangeEnd: true,
}; // prettier-ignore
const note: TNoteView = {
  id: 9,
  siteId: 1,
  title: 'Stocktake',
  description: null,
  startDate: '2027-03-10',
  endDate: '2027-03-10',
  color: '#3b82f6',
  isFullDay: true,
  version: 2,
  createdAt: '',
  updatedAt: '',
};
const exPill: CalendarPill = {
  kind: 'exception',
  key: 'e7',
  id: 7,
  text: 'Ana – Sick Leave',
  color: '#ef4444',
  continued: false,
  exception,
};
const notePill: CalendarPill = { kind: 'note', key: 'n9', id: 9, text: 'Stocktake', color: '#3b82f6', note };
const pill = (p: CalendarPill, mode: 'move' | 'start' | 'end', origin = '2027-03-11'): DragItem => ({
  kind: 'pill',
  pill: p,
  mode,
  origin,
});
const employee = {
  id: 3,
  siteId: 1,
  sortOrder: 0,
  defaultHours: 7.6,
  name: 'Ana',
  efficiency: 100,
  mondayHours: 7.6,
  tuesdayHours: 7.6,
  wednesdayHours: 7.6,
  thursdayHours: 7.6,
  fridayHours: 7.6,
  saturdayHours: 0,
  sundayHours: 0,
};

describe('drop outcomes', () => {
  it('names days as drop targets', () => {
    expect(dropId('2027-03-10')).toBe('day:2027-03-10');
    expect(dateOfDrop('day:2027-03-10')).toBe('2027-03-10');
    expect(dateOfDrop('employee:3')).toBeUndefined();
    expect(dateOfDrop(null)).toBeUndefined();
  });

  it('an employee opens the reason picker for the day; bad employee data is reported', () => {
    expect(dropOutcome({ kind: 'employee', name: 'Ana', employee }, '2027-03-15')).toEqual({
      type: 'employee',
      employee,
      date: '2027-03-15',
    });
    const bad = dropOutcome({ kind: 'employee', name: 'Ana', employee: { ...employee, id: 'x' } }, '2027-03-15');
    expect(bad).toMatchObject({ type: 'bad-employee' });
    expect(bad.type === 'bad-employee' && bad.detail).toMatch(/^id: /);
  });

  it('a note template opens a new note on the day in its colour', () => {
    expect(dropOutcome({ kind: 'template', name: 'Blue', color: '#3b82f6' }, '2027-03-15')).toEqual({
      type: 'template',
      color: '#3b82f6',
      date: '2027-03-15',
    });
  });

  it('moving a pill shifts its span by the offset from the day it was picked up on', () => {
    expect(dropOutcome(pill(exPill, 'move'), '2027-03-13')).toEqual({
      type: 'exception',
      mode: 'move',
      exception,
      span: { startDate: '2027-03-12', endDate: '2027-03-14' },
    });
    expect(dropOutcome(pill(notePill, 'move', '2027-03-10'), '2027-03-01')).toEqual({
      type: 'note',
      mode: 'move',
      note,
      span: { startDate: '2027-03-01', endDate: '2027-03-01' },
    });
  });

  it('offset zero: "No change" for an exception, nothing for a note; an unchanged resize saves nothing', () => {
    expect(dropOutcome(pill(exPill, 'move'), '2027-03-11')).toEqual({ type: 'no-change' });
    expect(dropOutcome(pill(notePill, 'move', '2027-03-10'), '2027-03-10')).toEqual({ type: 'none' });
    expect(dropOutcome(pill(exPill, 'end', '2027-03-12'), '2027-03-12')).toEqual({ type: 'none' });
  });

  it('handles resize, collapsing to one day when an end passes the other', () => {
    expect(dropOutcome(pill(exPill, 'end', '2027-03-12'), '2027-03-16')).toMatchObject({
      type: 'exception',
      mode: 'end',
      span: { startDate: '2027-03-10', endDate: '2027-03-16' },
    });
    expect(dropOutcome(pill(exPill, 'start', '2027-03-10'), '2027-03-20')).toMatchObject({
      span: { startDate: '2027-03-20', endDate: '2027-03-20' },
    });
    expect(previewSpan(pill(exPill, 'start', '2027-03-10'), '2027-03-08')).toEqual({ startDate: '2027-03-08', endDate: '2027-03-12' });
    expect(previewSpan({ kind: 'template', name: 'Blue', color: '#3b82f6' }, '2027-03-08')).toEqual({
      startDate: '2027-03-08',
      endDate: '2027-03-08',
    });
  });

  it('labels items for screen readers', () => {
    expect(itemLabel(pill(exPill, 'move'))).toBe('exception Ana – Sick Leave');
    expect(itemLabel(pill(notePill, 'end'))).toBe('the end of note Stocktake');
    expect(itemLabel({ kind: 'template', name: 'Blue', color: '#3b82f6' })).toBe('Blue note template');
  });

  it('a move or resize sends the whole record with the new span, its notes and its version', () => {
    expect(exceptionUpdateBody(exception, { startDate: '2027-03-12', endDate: '2027-03-14' })).toEqual({
      employeeId: 3, reasonId: 2, siteId: 1, startDate: '2027-03-12', endDate: '2027-03-14', isFullDay: false, hours: 2.5, notes: 'dentist', version: 4,
    }); // prettier-ignore
  });
});
