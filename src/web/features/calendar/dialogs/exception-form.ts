/** The exception form's pure parts: its schema, its starting values and its field parsers. */
import type { TExceptionView, TReason } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { exceptionMessages, ZExceptionRequest, type TExceptionRequest } from '../../../../shared/contracts/exceptions';
import { defaultExceptionHours, manualHoursRequired, maxHoursFor } from './hours';

export type ExceptionTarget =
  /** `endDate`: a range chosen before the dialog opened (the wallchart's drag across days); `date` alone is one day. */
  | { mode: 'new'; date: string; endDate?: string; employeeId?: number; reason?: TReason; fromDrop?: boolean }
  | { mode: 'edit'; exception: TExceptionView };

/** The shared request schema, plus the employee's own maximum hours that the server also checks. */
export function formSchema(employees: readonly TEmployee[]) {
  return ZExceptionRequest.superRefine((v, ctx) => {
    if (v.isFullDay || v.hours === null) return;
    const max = maxHoursFor(
      employees.find((e) => e.id === v.employeeId),
      v.startDate,
    );
    if (v.hours > max) ctx.addIssue({ code: 'custom', path: ['hours'], message: exceptionMessages.hoursMax(max) });
  });
}

export function initialValues(
  target: ExceptionTarget,
  employees: readonly TEmployee[],
  reasons: readonly TReason[],
): Partial<TExceptionRequest> {
  if (target.mode === 'edit') {
    const e = target.exception;
    const employee = employees.find((x) => x.id === e.employeeId);
    const isAdditive = reasons.find((r) => r.id === e.reasonId)?.isAdditive ?? e.isAdditive;
    const hours = e.hours ?? defaultExceptionHours({ employee, date: e.startDate, isAdditive });
    return {
      employeeId: e.employeeId,
      reasonId: e.reasonId,
      startDate: e.startDate,
      endDate: e.endDate,
      isFullDay: e.isFullDay,
      hours,
      notes: e.notes ?? '',
    };
  }
  const employee = employees.find((x) => x.id === target.employeeId);
  const isAdditive = target.reason?.isAdditive;
  return {
    employeeId: target.employeeId,
    reasonId: target.reason?.id,
    startDate: target.date,
    endDate: target.endDate ?? target.date,
    isFullDay: !manualHoursRequired(employee, target.date, isAdditive),
    hours: defaultExceptionHours({ employee, date: target.date, isAdditive, fromDrop: target.fromDrop }),
    notes: '',
  };
}

/**
 * Full Day after the inputs changed (spec §4: on by default). An additive type on a zero-hour weekday
 * forces it off; once that case is gone it comes back on, unless the user had switched it off themselves.
 * `forcedOff` remembers that the rule, not the user, turned it off.
 */
export function nextFullDay(s: { manual: boolean; isFullDay: boolean; forcedOff: boolean }): { isFullDay: boolean; forcedOff: boolean } {
  if (s.manual) return { isFullDay: false, forcedOff: s.forcedOff || s.isFullDay };
  if (s.forcedOff) return { isFullDay: true, forcedOff: false };
  return { isFullDay: s.isFullDay, forcedOff: false };
}

export const toId = (v: unknown) => (v === '' || v == null ? undefined : Number(v));
export const toHours = (v: unknown) => (v === '' || v == null || (typeof v === 'number' && Number.isNaN(v)) ? null : Number(v));
