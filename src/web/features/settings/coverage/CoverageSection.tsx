import { Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TCoverageRules } from '../../../../shared/contracts/coverage';
import { COVERAGE_WEEKDAYS } from '../../../../shared/domain/coverage';
import { Button, PendingButton } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/page';
import { localDay } from '../../../lib/day-label';
import { WEEKDAY_NAMES } from '../../../lib/weekdays';
import { Field } from '../notifications/parts';
import { ReadOnlyNote, Section } from '../parts';
import { useCoverageRules, useSaveCoverageRules } from './api';
import { formFrom, formProblem, requestsOf, versionLines, type CoverageForm } from './form';
import { formatDay } from '../../../../shared/format';
import { KeepFocusAcross } from '../../../components/KeepFocusAcross';

const ADD_OVERRIDE_ID = 'coverage-add-override';

/** Settings → "Minimum hours" (decision 099): the hours the site needs each weekday and on given days; admins change them. */
export function CoverageSection({ isAdmin }: { isAdmin: boolean }) {
  const rules = useCoverageRules();
  return (
    <Section
      id="coverage-heading"
      title="Minimum hours"
      description="The available hours the site needs each day. A day under its minimum is flagged as short on the calendar, in reports and in alerts."
    >
      {rules.isPending ? (
        <Spinner label="Loading the minimum hours..." />
      ) : rules.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load the minimum hours
        </p>
      ) : (
        <KeepFocusAcross version={JSON.stringify(rules.data)}>
          <CoverageEditor key={JSON.stringify(rules.data)} saved={rules.data} isAdmin={isAdmin} />
        </KeepFocusAcross>
      )}
    </Section>
  );
}

function CoverageEditor({ saved, isAdmin }: { saved: TCoverageRules; isAdmin: boolean }) {
  const [today] = useState(() => localDay());
  const [form, setForm] = useState<CoverageForm>(() => formFrom(saved, today));
  const [nextKey, setNextKey] = useState(saved.overrides.length);
  // Where focus goes once the overrides list has re-rendered: the new row's date, or after a removal the next row
  // (else Add Override), so it never falls to the page with the removed button.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<CoverageForm>) => setForm((f) => ({ ...f, ...patch }));
  const setOverride = (key: number, patch: Partial<CoverageForm['overrides'][number]>) =>
    set({ overrides: form.overrides.map((o) => (o.key === key ? { ...o, ...patch } : o)) });
  const save = useSaveCoverageRules();
  const off = !isAdmin;
  const problem = formProblem(form, today);
  const history = versionLines(saved.versions);
  const unchanged = !problem && requestsOf(form, saved, today).length === 0;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!isAdmin || save.isPending || problem) return;
        const requests = requestsOf(form, saved, today);
        if (requests.length) save.mutate(requests);
      }}
    >
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold">Minimum per weekday</legend>
        <p id="coverage-weekdays-hint" className="text-xs text-muted-foreground">
          In hours. Blank: no minimum that day.
        </p>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {COVERAGE_WEEKDAYS.map((d, i) => (
            <Field key={d} id={`coverage-${d}`} label={WEEKDAY_NAMES[i]}>
              <Input
                id={`coverage-${d}`}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.1}
                value={form.weekdays[d]}
                onChange={(e) => set({ weekdays: { ...form.weekdays, [d]: e.target.value } })}
                disabled={off}
                aria-describedby="coverage-weekdays-hint"
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id="coverage-valid-from" label="Valid from">
          <Input
            id="coverage-valid-from"
            type="date"
            value={form.validFrom}
            onChange={(e) => set({ validFrom: e.target.value })}
            disabled={off}
            aria-describedby="coverage-valid-from-hint"
          />
          <p id="coverage-valid-from-hint" className="text-xs text-muted-foreground">
            Changed minimums hold from this day; earlier days keep the ones they had.
          </p>
        </Field>
        <Field id="coverage-horizon" label="Alert horizon (days)">
          <Input
            id="coverage-horizon"
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            step={1}
            value={form.alertHorizonDays}
            onChange={(e) => set({ alertHorizonDays: e.target.value })}
            disabled={off}
            aria-describedby="coverage-horizon-hint"
          />
          <p id="coverage-horizon-hint" className="text-xs text-muted-foreground">
            How far ahead the daily alert looks for short days.
          </p>
        </Field>
      </div>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold">Date overrides</legend>
        <p className="text-xs text-muted-foreground">A day that needs other hours than its weekday: a busy day, or 0 for closed.</p>
        {form.overrides.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">No overrides from today on.</p> : null}
        <ul className="mt-2 grid gap-2 sm:w-fit" aria-label="Date overrides">
          {form.overrides.map((o) => (
            <li key={o.key} className="flex flex-wrap items-end gap-2 rounded-md border border-border p-2">
              <Field id={`coverage-override-date-${o.key}`} label="Date" className="w-40">
                <Input
                  id={`coverage-override-date-${o.key}`}
                  type="date"
                  min={today}
                  value={o.date}
                  onChange={(e) => setOverride(o.key, { date: e.target.value })}
                  disabled={off}
                />
              </Field>
              <Field id={`coverage-override-hours-${o.key}`} label="Hours" className="w-24">
                <Input
                  id={`coverage-override-hours-${o.key}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.1}
                  value={o.hours}
                  onChange={(e) => setOverride(o.key, { hours: e.target.value })}
                  disabled={off}
                />
              </Field>
              {isAdmin ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove the override${o.date ? ` of ${formatDay(o.date)}` : ''}`}
                  onClick={() => {
                    const at = form.overrides.findIndex((x) => x.key === o.key);
                    const next = form.overrides[at + 1] ?? form.overrides[at - 1];
                    set({ overrides: form.overrides.filter((x) => x.key !== o.key) });
                    setFocusId(next ? `coverage-override-date-${next.key}` : ADD_OVERRIDE_ID);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {isAdmin ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-2"
            id={ADD_OVERRIDE_ID}
            onClick={() => {
              set({ overrides: [...form.overrides, { key: nextKey, date: '', hours: '' }] });
              setFocusId(`coverage-override-date-${nextKey}`);
              setNextKey((k) => k + 1);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add Override
          </Button>
        ) : null}
      </fieldset>
      <div>
        <h3 className="text-sm font-semibold">History</h3>
        {history.length ? (
          <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground" data-testid="coverage-history">
            {history.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No minimums set yet: no day is ever short.</p>
        )}
      </div>
      {tried && problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {isAdmin ? (
        <div>
          <PendingButton id="coverage-save" type="submit" pending={save.isPending} unavailable={unchanged}>
            <Save className="h-4 w-4" aria-hidden />
            {save.isPending ? 'Saving...' : 'Save Minimum Hours'}
          </PendingButton>
        </div>
      ) : (
        <ReadOnlyNote>Only admins change the minimum hours.</ReadOnlyNote>
      )}
    </form>
  );
}
