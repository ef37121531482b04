import { useMemo, useState } from 'react';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { isPastChange, useCandidates, useCountries, useImportHolidays, useStates } from './api';
import { PastChangeConfirm, type PastAsk } from './PastChangeConfirm';
import { formatDay } from '../../../shared/format';

const key = (h: { date: string; name: string }) => `${h.date}|${h.name}`;

const select =
  'h-9 w-full rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50';

interface Props {
  year: number;
  region: { country: string | null; state: string | null };
  onClose: () => void;
}

/**
 * Imports a year's holidays of a country and, where it has them, a state or region, from the offline
 * date-holidays data: public holidays are ticked, observances are not, and those already held are skipped.
 */
export function ImportHolidaysDialog({ year: startYear, region, onClose }: Props) {
  const [country, setCountry] = useState(region.country ?? '');
  const [state, setState] = useState(region.state ?? '');
  const [year, setYear] = useState(startYear);
  const countries = useCountries(true);
  const states = useStates(country);
  const candidates = useCandidates(country, state, year);
  // Ticks the user changed; anything else follows the rule: public holidays ticked, observances not.
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  const run = useImportHolidays();
  const ticked = (h: { date: string; name: string; type: string }) => overrides[key(h)] ?? h.type === 'public';
  const picked = useMemo(
    () => (candidates.data ?? []).filter((h) => !h.exists && (overrides[key(h)] ?? h.type === 'public')),
    [candidates.data, overrides],
  );
  const toggle = (h: { date: string; name: string; type: string }) => setOverrides((prev) => ({ ...prev, [key(h)]: !ticked(h) }));
  // Holidays before today that move hours are imported only once confirmed (decision 111).
  const [past, setPast] = useState<PastAsk | null>(null);
  const send = (confirmPast: boolean) =>
    run.mutate(
      {
        country,
        state: state || null,
        holidays: picked.map(({ date, name }) => ({ date, name })),
        ...(confirmPast ? { confirmPast } : {}),
      },
      {
        onSuccess: onClose,
        onError: (err) => setPast(isPastChange(err) ? { message: err.message, confirm: () => send(true) } : null),
      },
    );

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Import Public Holidays"
      description="Pick a country and region; public holidays are selected, observances are not. Holidays you already have are skipped."
      className="max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <PendingButton pending={run.isPending} unavailable={picked.length === 0} onClick={() => send(false)}>
            {run.isPending ? 'Importing...' : `Import ${picked.length} ${picked.length === 1 ? 'holiday' : 'holidays'}`}
          </PendingButton>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_7rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="import-country">Country</Label>
          <select
            id="import-country"
            className={select}
            value={country}
            onChange={(e) => {
              setCountry(e.target.value);
              setState('');
            }}
          >
            <option value="">Choose a country</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="import-state">State or region</Label>
          <select
            id="import-state"
            className={select}
            value={state}
            onChange={(e) => setState(e.target.value)}
            disabled={!country || (states.data ?? []).length === 0}
          >
            <option value="">{(states.data ?? []).length ? 'Whole country' : 'No regions'}</option>
            {(states.data ?? []).map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="import-year">Year</Label>
          <input
            id="import-year"
            type="number"
            className={select}
            value={year}
            min={1970}
            max={2100}
            onChange={(e) => {
              const y = Number(e.target.value);
              if (Number.isInteger(y) && y >= 1970 && y <= 2100) setYear(y);
            }}
          />
        </div>
      </div>

      <div className="mt-4 max-h-[35vh] overflow-y-auto sm:max-h-[45vh] rounded-md border border-border">
        {!country ? <p className="p-3 text-sm text-muted-foreground">Choose a country to see its holidays.</p> : null}
        {country && candidates.isPending ? <p className="p-3 text-sm text-muted-foreground">Loading holidays...</p> : null}
        {candidates.isError ? <p className="p-3 text-sm text-destructive">Failed to load holidays</p> : null}
        <ul className="divide-y divide-border" aria-label="Holidays to import">
          {(candidates.data ?? []).map((h) => {
            const id = `import-${h.date}-${h.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
            return (
              <li key={key(h)} className="flex items-center gap-3 px-3 py-2">
                <input
                  id={id}
                  type="checkbox"
                  className="h-4 w-4 accent-(--color-primary)"
                  checked={h.exists || ticked(h)}
                  disabled={h.exists}
                  onChange={() => toggle(h)}
                />
                <label htmlFor={id} className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 text-sm">
                  <span className="w-24 shrink-0 tabular-nums text-muted-foreground">{formatDay(h.date)}</span>
                  <span className="font-medium">{h.name}</span>
                  <span className="text-xs text-muted-foreground">{h.exists ? 'already added' : h.type}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </div>
      <PastChangeConfirm ask={past} busy={run.isPending} onCancel={() => setPast(null)} />
    </Dialog>
  );
}
