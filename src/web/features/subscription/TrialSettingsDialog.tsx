import { useState } from 'react';
import { FEATURES, type TSubscriptionStatusResponse, type TTrialSettingsRequest } from '../../../shared/contracts/subscriptions';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { featureName, planName } from './format';

const PLAN_CHOICES = ['starter', 'professional', 'enterprise', 'beta'] as const;

/** Beta control of spec §7 update-trial-settings: days from today (-1 for no end), employees (-1 unlimited), plan, features. */
export function TrialSettingsDialog({
  open,
  onOpenChange,
  status,
  busy,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  status: TSubscriptionStatusResponse;
  busy: boolean;
  onSave: (body: TTrialSettingsRequest) => void;
}) {
  const [days, setDays] = useState(String(status.daysRemainingInTrial > 0 ? status.daysRemainingInTrial : 14));
  const [maxEmployees, setMaxEmployees] = useState(String(status.maxEmployees));
  const [planType, setPlanType] = useState<(typeof PLAN_CHOICES)[number]>(
    (PLAN_CHOICES as readonly string[]).includes(status.planType) ? (status.planType as 'starter') : 'starter',
  );
  const [features, setFeatures] = useState<string[]>(status.featuresEnabled);
  const whole = (v: string) => /^-?\d+$/.test(v.trim()) && Number(v) >= -1;
  const errors = {
    days: whole(days) && Number(days) <= 365 ? undefined : 'Enter -1 (no end) or a number of days up to 365',
    maxEmployees: whole(maxEmployees) ? undefined : 'Enter -1 (unlimited) or a number of employees',
  };
  const valid = !errors.days && !errors.maxEmployees;
  const toggle = (f: string) => setFeatures((list) => (list.includes(f) ? list.filter((x) => x !== f) : [...list, f]));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Trial Settings"
      description="Restart the trial with its own length, employee limit, plan and features."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <PendingButton
            pending={busy}
            unavailable={!valid}
            onClick={() =>
              onSave({
                trialDays: Number(days),
                maxEmployees: Number(maxEmployees),
                planType,
                featuresEnabled: FEATURES.filter((f) => features.includes(f)),
              })
            }
          >
            Save Trial Settings
          </PendingButton>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="trial-days">Trial days</Label>
          <Input id="trial-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} aria-invalid={!!errors.days} />
          <FieldError message={errors.days} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="trial-max-employees">Max employees</Label>
          <Input
            id="trial-max-employees"
            inputMode="numeric"
            value={maxEmployees}
            onChange={(e) => setMaxEmployees(e.target.value)}
            aria-invalid={!!errors.maxEmployees}
          />
          <FieldError message={errors.maxEmployees} />
        </div>
        <div className="space-y-1 sm:col-span-2">
          <Label htmlFor="trial-plan">Plan</Label>
          <select
            id="trial-plan"
            value={planType}
            onChange={(e) => setPlanType(e.target.value as typeof planType)}
            className="h-9 w-full rounded-md border border-input bg-card px-3 text-sm"
          >
            {PLAN_CHOICES.map((p) => (
              <option key={p} value={p}>
                {planName(p)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-1 sm:col-span-2">
          <legend className="text-sm font-medium">Features</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {FEATURES.map((f) => (
              <label key={f} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={features.includes(f)} onChange={() => toggle(f)} className="h-4 w-4 accent-primary" />
                {featureName(f)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}
