import type { UseFormRegister } from 'react-hook-form';
import { contractMessages } from '../../../shared/contracts/employee-contracts';
import type { TEmployeeInput } from '../../../shared/contracts/employees';
import { FieldError, Input, Label } from '../../components/ui/input';

interface StartDateFieldProps {
  register: UseFormRegister<TEmployeeInput>;
  error?: string;
  /** The date in the field now. */
  value: string | null | undefined;
  /** The employee's stored start date; undefined for a new employee. */
  saved: string | null | undefined;
  today: string;
  isAdmin: boolean;
}

/**
 * Whether saving this start reaches a day before today (decision 107): a new employee from a past date, or a
 * move whose earlier end is in the past (a start from the beginning being earliest of all).
 */
export function startReachesPast(value: string | null | undefined, saved: string | null | undefined, today: string): boolean {
  if (!value) return false;
  if (saved === undefined) return value < today;
  return value !== saved && (saved === null || saved < today || value < today);
}

/** The employee's first day: their first contract starts on it, so no hours count before it (decision 107). */
export function StartDateField({ register, error, value, saved, today, isAdmin }: StartDateFieldProps) {
  const past = startReachesPast(value, saved, today);
  return (
    <div className="space-y-1">
      <Label htmlFor="employee-start">Start date</Label>
      <Input
        id="employee-start"
        type="date"
        className="max-w-48"
        aria-describedby="employee-start-hint employee-start-error"
        {...(error ? { 'aria-invalid': true as const } : {})}
        {...register('startDate', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : v) })}
      />
      <p id="employee-start-hint" className="text-xs text-muted-foreground">
        {past
          ? isAdmin
            ? 'This changes hours before today: you will be asked to confirm.'
            : contractMessages.pastAdminOnly
          : value || saved !== null
            ? 'Their first contract starts on this day: no hours or leave count before it.'
            : // Employees from before start dates bounded hours (decision 107) may have none.
              'Empty: they count from the beginning. A date makes it their first day.'}
      </p>
      <FieldError id="employee-start-error" message={error} />
    </div>
  );
}
