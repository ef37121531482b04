import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { WeekdayField } from '../../../shared/contracts/employees';
import { FieldError, Input, Label } from '../../components/ui/input';
import { WEEKDAYS } from '../../lib/weekdays';

type WeekHours = Record<WeekdayField, number>;

/** The seven weekday hours of a form, as the employee dialog and a contract version both ask for them. */
export function WeekHoursFields<T extends WeekHours>({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  // The forms' own value types hold the seven fields; narrowed here so one component serves both.
  const reg = register as unknown as UseFormRegister<WeekHours>;
  const errs = errors as FieldErrors<WeekHours>;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Working hours</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {WEEKDAYS.map(({ field: f, long }) => {
          const message = errs[f]?.message;
          return (
            <div key={f} className="space-y-1">
              <Label htmlFor={`${idPrefix}-${f}`} className="text-xs text-muted-foreground">
                {long}
              </Label>
              <Input
                id={`${idPrefix}-${f}`}
                type="number"
                inputMode="decimal"
                min={0}
                max={24}
                step={0.1}
                aria-describedby={`${idPrefix}-${f}-error`}
                {...(message ? { 'aria-invalid': true } : {})}
                {...reg(f, { valueAsNumber: true })}
              />
              <FieldError id={`${idPrefix}-${f}-error`} message={message} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
