import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { TReason } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { EXCEPTION_NOTES_MAX, type TExceptionRequest, type TExceptionValues } from '../../../../shared/contracts/exceptions';
import { weekdayIndex } from '../../../../shared/domain/dates';
import { CharacterCount } from '../../../components/CharacterCount';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { PendingButton } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input';
import { WEEKDAY_NAMES } from '../../../lib/weekdays';
import { isValidDay } from '../dates';
import { formSchema, initialValues, nextFullDay, toHours, toId, type ExceptionTarget } from './exception-form';
import { defaultExceptionHours, manualHoursRequired, maxHoursFor } from './hours';
import { ManualHoursNotice, ReasonChip, Select, Toggle } from './parts';
import { RangeField } from './RangeField';

interface ExceptionFormProps {
  target: ExceptionTarget;
  employees: readonly TEmployee[];
  reasons: readonly TReason[];
  busy: boolean;
  onSubmit: (body: TExceptionValues) => void;
  onCancel: () => void;
  /** Edit mode: the Delete Exception button. */
  deleteButton?: ReactNode;
  /** A refused save's coverage warning (decision 098): shown where the buttons are, until the values change. */
  warning?: (form: CoverageFormActions) => ReactNode;
  /** Any value changed after a refusal: the warning no longer speaks of what the form holds. */
  onEdited?: () => void;
  /** A line said above the buttons ("Dates moved to ..."). */
  notice?: string | null;
}

/** What the coverage warning may do to the form: take a suggested range, or go back to the buttons. */
export interface CoverageFormActions {
  moveTo: (range: { startDate: string; endDate: string }) => void;
  focusSubmit: () => void;
}

/** The range dialog's form (spec §2, §4, §5), validated with the shared request schema. */
export function ExceptionForm(props: ExceptionFormProps) {
  const { target, employees, reasons, busy, onSubmit, onCancel, deleteButton, warning, onEdited, notice } = props;
  const editing = target.mode === 'edit';
  const presetReason = target.mode === 'new' ? target.reason : undefined;
  const schema = useMemo(() => formSchema(employees), [employees]);
  const { register, control, handleSubmit, setValue, getFieldState, formState } = useForm<TExceptionRequest, unknown, TExceptionValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(target, employees, reasons),
  });
  const { errors } = formState;
  const [employeeId, reasonId, startDate, endDate, isFullDay, notes, hours] = useWatch({
    control,
    name: ['employeeId', 'reasonId', 'startDate', 'endDate', 'isFullDay', 'notes', 'hours'],
  });
  const employee = employees.find((e) => e.id === employeeId);
  const employeeOptions = useMemo(() => employees.map((e) => ({ value: String(e.id), label: e.name })), [employees]);
  const reason = reasons.find((r) => r.id === reasonId) ?? presetReason;
  const manual = manualHoursRequired(employee, startDate, reason?.isAdditive);
  const max = maxHoursFor(employee, startDate);

  // Spec §4: an additive type on a zero-hour weekday forces Full Day off; Full Day (on by default)
  // returns when another employee, type or day clears that case. A new exception opened on such a day
  // starts forced off.
  const forcedOff = useRef(target.mode === 'new' && manual);
  useEffect(() => {
    const next = nextFullDay({ manual, isFullDay: !!isFullDay, forcedOff: forcedOff.current });
    forcedOff.current = next.forcedOff;
    if (next.isFullDay !== !!isFullDay) setValue('isFullDay', next.isFullDay);
  }, [manual, isFullDay, setValue]);

  // The default hours follow the employee, type and start date until the user types hours.
  const inputs = `${employeeId}|${reasonId}|${startDate}`;
  const lastInputs = useRef(inputs);
  useEffect(() => {
    if (lastInputs.current === inputs) return;
    lastInputs.current = inputs;
    if (!getFieldState('hours').isDirty)
      setValue('hours', defaultExceptionHours({ employee, date: startDate, isAdditive: reason?.isAdditive }));
  }, [inputs, employee, startDate, reason, getFieldState, setValue]);

  // After a refusal, any change makes the warning stale; the form says so once per change.
  const valuesKey = JSON.stringify([employeeId, reasonId, startDate, endDate, isFullDay, notes, hours]);
  const shownKey = useRef(valuesKey);
  useEffect(() => {
    if (shownKey.current === valuesKey) return;
    shownKey.current = valuesKey;
    onEdited?.();
  }, [valuesKey, onEdited]);

  // Leaving the warning (a suggestion taken, or Back) puts focus on the save button once it is back.
  const submitButton = useRef<HTMLButtonElement>(null);
  const [focusSubmit, setFocusSubmit] = useState(false);
  const actions: CoverageFormActions = {
    moveTo: (r) => {
      setValue('startDate', r.startDate, { shouldValidate: true, shouldDirty: true });
      setValue('endDate', r.endDate, { shouldValidate: true, shouldDirty: true });
      setFocusSubmit(true);
    },
    focusSubmit: () => setFocusSubmit(true),
  };
  const warned = warning?.(actions) ?? null;
  const buttonsShown = warned === null;
  useEffect(() => {
    if (!focusSubmit || !buttonsShown || !submitButton.current) return;
    submitButton.current.focus();
    setFocusSubmit(false);
  }, [focusSubmit, buttonsShown]);

  const submit = handleSubmit((v) => {
    const original = target.mode === 'edit' ? target.exception : undefined;
    // A full-day record that carries its own hours keeps them unless Full Day is switched off.
    const keepHours = original?.isFullDay && original.hours !== null ? original.hours : null;
    onSubmit({ ...v, hours: v.isFullDay ? keepHours : v.hours, notes: v.notes?.trim() ? v.notes.trim() : null });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)]">
      <LeaveGuard when={formState.isDirty && !busy} />
      <RangeField
        id="exception-range"
        label="Exception dates"
        range={{ from: startDate, to: endDate }}
        onChange={(r) => {
          setValue('startDate', r.from, { shouldValidate: !!errors.startDate, shouldDirty: true });
          setValue('endDate', r.to, { shouldValidate: !!errors.endDate, shouldDirty: true });
        }}
        error={errors.startDate?.message ?? errors.endDate?.message}
      />
      <div className="min-w-0 space-y-4">
        <div className="space-y-1">
          {editing ? (
            <>
              <Label htmlFor="exception-employee">Employee</Label>
              <Select id="exception-employee" value={employeeId ?? ''} disabled aria-describedby="exception-employee-locked">
                <option value={employeeId ?? ''}>{employee?.name ?? target.exception.employeeName}</option>
              </Select>
              <p id="exception-employee-locked" className="text-xs text-muted-foreground">
                The employee of an exception cannot be changed.
              </p>
            </>
          ) : (
            // A site may have hundreds of employees: a searchable combobox, not a long select (decision 115).
            <Controller
              control={control}
              name="employeeId"
              render={({ field }) => (
                <Combobox
                  id="exception-employee"
                  label="Employee"
                  options={employeeOptions}
                  value={field.value == null ? null : String(field.value)}
                  onChange={(v) => field.onChange(toId(v))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  placeholder="Type a name"
                  emptyText="No employee matches"
                  invalid={!!errors.employeeId}
                  describedBy="exception-employee-error"
                />
              )}
            />
          )}
          <FieldError id="exception-employee-error" message={errors.employeeId?.message} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="exception-reason">Exception type</Label>
          {presetReason ? (
            <ReasonChip name={presetReason.name} color={presetReason.color} isAdditive={presetReason.isAdditive} />
          ) : (
            <Select
              id="exception-reason"
              aria-invalid={errors.reasonId ? true : undefined}
              aria-describedby="exception-reason-error"
              {...register('reasonId', { setValueAs: toId })}
            >
              <option value="">Select a reason</option>
              {reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} ({r.isAdditive ? 'adds hours' : 'reduces hours'})
                </option>
              ))}
            </Select>
          )}
          <FieldError id="exception-reason-error" message={errors.reasonId?.message} />
        </div>
        {manual && employee && isValidDay(startDate) ? (
          <ManualHoursNotice employeeName={employee.name} weekday={WEEKDAY_NAMES[weekdayIndex(startDate)]} />
        ) : null}
        <Toggle
          id="exception-full-day"
          label="Full Day"
          checked={!!isFullDay}
          disabled={manual}
          onChange={(on) => setValue('isFullDay', on, { shouldDirty: true })}
          description={isFullDay ? "Uses the employee's regular hours for each day." : 'Enter the hours for each day.'}
        />
        {isFullDay ? null : (
          <div className="space-y-1">
            <Label htmlFor="exception-hours">Hours</Label>
            <Input
              id="exception-hours"
              type="number"
              inputMode="decimal"
              step={0.1}
              min={0}
              max={max}
              aria-invalid={errors.hours ? true : undefined}
              aria-describedby="exception-hours-hint exception-hours-error"
              {...register('hours', { setValueAs: toHours })}
            />
            <p id="exception-hours-hint" className="text-xs text-muted-foreground">
              0 to {max} hours, in steps of 0.1.
            </p>
            <FieldError id="exception-hours-error" message={errors.hours?.message} />
          </div>
        )}
        <div className="space-y-1">
          <Label htmlFor="exception-notes">
            Notes <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id="exception-notes"
            rows={2}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby="exception-notes-count exception-notes-error"
            {...register('notes')}
          />
          <CharacterCount id="exception-notes-count" length={notes?.length ?? 0} max={EXCEPTION_NOTES_MAX} />
          <FieldError id="exception-notes-error" message={errors.notes?.message} />
        </div>
      </div>
      {notice ? (
        <p role="status" className="text-sm sm:col-span-2">
          {notice}
        </p>
      ) : null}
      {warned ?? (
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          {deleteButton}
          <div className="ml-auto flex flex-wrap justify-end gap-2">
            <PendingButton variant="outline" onClick={onCancel} unavailable={busy}>
              Cancel
            </PendingButton>
            <PendingButton ref={submitButton} type="submit" pending={busy} unavailable={!startDate || !endDate}>
              {busy ? 'Saving...' : editing ? 'Update Exception' : 'Create Exception'}
            </PendingButton>
          </div>
        </div>
      )}
    </form>
  );
}
