import { Save } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TAllowancePolicy } from '../../../../shared/contracts/balances';
import { PendingButton } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/page';
import { messageOf } from '../../../lib/api';
import { usePolicy, useSavePolicy } from '../../../lib/balances';
import { Field, Select } from '../notifications/parts';
import { ReadOnlyNote, Section } from '../parts';
import { formFrom, MONTHS, policyOf, type AllowanceForm } from './form';
import { KeepFocusAcross } from '../../../components/KeepFocusAcross';

/** The form's typed text fields (every one but the unit, the accrual and the refusal switch). */
type TypedField = Exclude<keyof AllowanceForm, 'unit' | 'accrual' | 'refuseBelowZero'>;

/** Settings → "Leave Allowance": the site's policy (decisions 094, 095); admins change it, others read it. */
export function AllowanceSection({ isAdmin }: { isAdmin: boolean }) {
  const policy = usePolicy();
  return (
    <Section
      id="allowance-heading"
      title="Leave Allowance"
      description="How much leave each employee earns a year, in hours or days of their own contract. Balances show once a policy is saved."
    >
      {policy.isPending ? (
        <Spinner label="Loading the allowance policy..." />
      ) : policy.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load the allowance policy
        </p>
      ) : (
        <KeepFocusAcross version={JSON.stringify(policy.data.policy)}>
          <AllowanceEditor key={JSON.stringify(policy.data.policy)} saved={policy.data.policy} isAdmin={isAdmin} />
        </KeepFocusAcross>
      )}
    </Section>
  );
}

function AllowanceEditor({ saved, isAdmin }: { saved: TAllowancePolicy | null; isAdmin: boolean }) {
  const [form, setForm] = useState<AllowanceForm>(() => formFrom(saved, new Date().getFullYear()));
  const set = (patch: Partial<AllowanceForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = useSavePolicy();
  const days = form.unit === 'days';
  const off = !isAdmin;
  const number = (id: string, label: string, key: TypedField, step: number, hint?: ReactNode) => (
    <Field id={id} label={label}>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        value={form[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        disabled={off}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </Field>
  );
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (isAdmin && !save.isPending) save.mutate(policyOf(form, saved));
      }}
    >
      {saved ? null : (
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm" role="status">
          No policy yet: no balances are counted on this site.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id="allowance-unit" label="Counted in">
          <Select
            id="allowance-unit"
            value={form.unit}
            onChange={(e) => set({ unit: e.target.value as AllowanceForm['unit'] })}
            disabled={off}
          >
            <option value="days">Days</option>
            <option value="hours">Hours</option>
          </Select>
        </Field>
        {number(
          'allowance-entitlement',
          days ? 'Days a year' : 'Hours a year',
          'entitlement',
          days ? 0.5 : 0.1,
          'For someone working a full week.',
        )}
        {days
          ? number('allowance-full-week', 'Days in a full week', 'fullWeek', 1)
          : number('allowance-full-week', 'Hours in a full-time week', 'fullWeek', 0.1)}
        <Field id="allowance-start-month" label="Leave year starts">
          <Select
            id="allowance-start-month"
            value={form.yearStartMonth}
            onChange={(e) => set({ yearStartMonth: e.target.value })}
            disabled={off}
          >
            {MONTHS.map((m, i) => (
              <option key={m} value={i + 1}>
                1 {m}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="allowance-accrual" label="Earned">
          <Select
            id="allowance-accrual"
            value={form.accrual}
            onChange={(e) => set({ accrual: e.target.value as AllowanceForm['accrual'] })}
            disabled={off}
          >
            <option value="upfront">All at the start of the year</option>
            <option value="monthly">Month by month</option>
          </Select>
        </Field>
        {number(
          'allowance-first-year',
          'First leave year',
          'firstLeaveYear',
          1,
          'Nothing carries into it; an opening balance is an adjustment.',
        )}
        {number('allowance-cap', 'Most hours carried into the next year', 'carryOverCapHours', 0.1, 'Blank: no cap. 0: nothing carries.')}
        <Field id="allowance-expiry-month" label="Carried hours can be used until">
          <Select
            id="allowance-expiry-month"
            value={form.expiryMonth}
            onChange={(e) => set({ expiryMonth: e.target.value, expiryDay: e.target.value ? form.expiryDay || '31' : '' })}
            disabled={off}
          >
            <option value="">the end of the leave year</option>
            {MONTHS.map((m, i) => (
              <option key={m} value={i + 1}>
                a day in {m}
              </option>
            ))}
          </Select>
        </Field>
        {form.expiryMonth ? number('allowance-expiry-day', 'Day of that month', 'expiryDay', 1) : null}
      </div>
      <div className="flex items-start gap-2">
        <input
          id="allowance-refuse"
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={form.refuseBelowZero}
          onChange={(e) => set({ refuseBelowZero: e.target.checked })}
          disabled={off}
          aria-describedby="allowance-refuse-help"
        />
        <div>
          <label htmlFor="allowance-refuse" className="text-sm font-medium">
            Refuse requests that go below zero
          </label>
          <p id="allowance-refuse-help" className="text-xs text-muted-foreground">
            Counting every request still waiting. Off: the request dialog and approvers are warned, and the request is sent.
          </p>
        </div>
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(save.error, 'The policy could not be saved.')}
        </p>
      ) : null}
      {isAdmin ? (
        <div>
          <PendingButton id="allowance-save" type="submit" pending={save.isPending}>
            <Save className="h-4 w-4" aria-hidden />
            {save.isPending ? 'Saving...' : 'Save Allowance Policy'}
          </PendingButton>
        </div>
      ) : (
        <ReadOnlyNote>Only admins change the allowance policy.</ReadOnlyNote>
      )}
    </form>
  );
}
