import { useState } from 'react';
import { contractMessages } from '../../../shared/contracts/employee-contracts';
import { PendingButton } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { dayMonthYear } from '../../lib/day-label';

interface EndDateFormProps {
  endDate: string | null;
  today: string;
  isAdmin: boolean;
  saving: boolean;
  onSave: (endDate: string | null) => void;
}

/** The last day employed: no hours after it. Clearing it keeps the employee on with no end. */
export function EndDateForm({ endDate, today, isAdmin, saving, onSave }: EndDateFormProps) {
  const [value, setValue] = useState(endDate ?? '');
  const [error, setError] = useState<string | undefined>();
  const past = !!value && value < today;

  const save = () => {
    if (!value) return setError('End date is required');
    setError(undefined);
    onSave(value);
  };

  return (
    <section aria-labelledby="end-date-title" className="space-y-2 border-t border-border pt-4">
      <h3 id="end-date-title" className="text-sm font-semibold">
        End of employment
      </h3>
      <p className="text-sm text-muted-foreground" data-testid="end-date-text">
        {endDate ? `Leaves after ${dayMonthYear(endDate)}: no hours from the next day.` : 'No end date.'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-44 space-y-1">
          <Label htmlFor="contract-end-date">Last day employed</Label>
          <Input
            id="contract-end-date"
            type="date"
            value={value}
            aria-describedby="contract-end-date-error contract-end-date-hint"
            aria-invalid={error ? true : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <PendingButton variant="outline" onClick={save} pending={saving} unavailable={value === (endDate ?? '')}>
          Set end date
        </PendingButton>
        {endDate ? (
          <PendingButton variant="ghost" onClick={() => onSave(null)} pending={saving}>
            Clear end date
          </PendingButton>
        ) : null}
      </div>
      <FieldError id="contract-end-date-error" message={error} />
      {past ? (
        <p id="contract-end-date-hint" className="text-xs text-muted-foreground">
          {isAdmin ? 'This changes hours before today: you will be asked to confirm.' : contractMessages.pastAdminOnly}
        </p>
      ) : null}
    </section>
  );
}
