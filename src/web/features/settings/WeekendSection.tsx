import { FieldError, Input, Label } from '../../components/ui/input';
import { hoursProblem, type SettingsForm } from './form';
import { ReadOnlyNote, Section, Toggle } from './parts';

interface Props {
  form: SettingsForm;
  set: (patch: Partial<SettingsForm>) => void;
  canWrite: boolean;
}

const days = [
  { key: 'saturday', label: 'Saturday' },
  { key: 'sunday', label: 'Sunday' },
] as const;

/** Saturday and Sunday as workdays, each with the hours new employees get for it (default 7.6). */
export function WeekendSection({ form, set, canWrite }: Props) {
  return (
    <Section
      id="weekend-heading"
      title="Weekend Workdays"
      description="A weekend day that is a workday counts each employee's hours for it on the calendar."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {days.map(({ key, label }) => {
          const on = form[`${key}Workday`];
          const hours = form[`${key}Hours`];
          const problem = hoursProblem(hours);
          return (
            <div key={key} className="grid gap-3 rounded-md border border-border p-3">
              <Toggle
                id={`${key}-workday`}
                label={`${label} is a workday`}
                checked={on}
                onChange={(v) => set({ [`${key}Workday`]: v })}
                disabled={!canWrite}
              />
              <div className="grid gap-1.5">
                <Label htmlFor={`${key}-hours`}>{label} hours</Label>
                <Input
                  id={`${key}-hours`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={24}
                  step={0.1}
                  value={hours}
                  onChange={(e) => set({ [`${key}Hours`]: e.target.value })}
                  disabled={!canWrite}
                  aria-invalid={!!problem}
                  aria-describedby={`${key}-hours-error`}
                  className="max-w-32"
                />
                <FieldError id={`${key}-hours-error`} message={problem ?? undefined} />
              </div>
            </div>
          );
        })}
      </div>
      {canWrite ? null : <ReadOnlyNote>Read-only users cannot change settings.</ReadOnlyNote>}
    </Section>
  );
}
