import { Loader2 } from 'lucide-react';
import { RETENTION_MAX, RETENTION_MIN } from '../../../shared/domain/data-retention';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { useRunMaintenance } from './api';
import { futureOf, retentionOf, type SettingsForm } from './form';
import { ReadOnlyNote, Section, Toggle } from './parts';

interface Props {
  form: SettingsForm;
  set: (patch: Partial<SettingsForm>) => void;
  isAdmin: boolean;
  lastDataCleanup: string | null;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

/** Spec 02 §2 Data Management: retention and future days (30–3650), auto cleanup and a manual run. */
export function DataSection({ form, set, isAdmin, lastDataCleanup }: Props) {
  const run = useRunMaintenance();
  return (
    <Section
      id="data-heading"
      title="Data Management"
      description="Old exceptions, notes and authorisations are removed after the retention period; public holidays of your imported region are kept filled ahead."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="retention-days">Data retention (days)</Label>
          <Input
            id="retention-days"
            type="number"
            min={RETENTION_MIN}
            max={RETENTION_MAX}
            value={form.dataRetentionDays}
            onChange={(e) => set({ dataRetentionDays: e.target.value })}
            disabled={!isAdmin}
            aria-describedby="retention-help"
          />
          <p id="retention-help" className="text-xs text-muted-foreground">
            Recommended: 365 (1 year). {RETENTION_MIN}–{RETENTION_MAX}; other values use 365.
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="future-days">Future data (days)</Label>
          <Input
            id="future-days"
            type="number"
            min={RETENTION_MIN}
            max={RETENTION_MAX}
            value={form.futureDataDays}
            onChange={(e) => set({ futureDataDays: e.target.value })}
            disabled={!isAdmin}
            aria-describedby="future-help"
          />
          <p id="future-help" className="text-xs text-muted-foreground">
            Default 730. {RETENTION_MIN}–{RETENTION_MAX}; other values use 730.
          </p>
        </div>
      </div>
      <div className="mt-4">
        <Toggle
          id="auto-cleanup"
          label="Run maintenance automatically every day"
          checked={form.autoCleanupEnabled}
          onChange={(v) => set({ autoCleanupEnabled: v })}
          disabled={!isAdmin}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {isAdmin ? (
          <Button
            variant="outline"
            disabled={run.isPending}
            onClick={() => run.mutate({ retentionDays: retentionOf(form), futureDataDays: futureOf(form) })}
          >
            {run.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
            {run.isPending ? 'Running maintenance...' : 'Run Maintenance Now'}
          </Button>
        ) : null}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Last run: {when(run.data?.lastDataCleanup ?? lastDataCleanup)}
          {run.data ? ` — ${run.data.cleaned} cleaned, ${run.data.extended} extended` : ''}
        </p>
      </div>
      {isAdmin ? null : <ReadOnlyNote>Only an admin can change data management.</ReadOnlyNote>}
    </Section>
  );
}
