import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { RETENTION_MAX, RETENTION_MIN } from '../../../shared/domain/data-retention';
import { Input, Label } from '../../components/ui/input';
import { useCanWrite } from '../../lib/session';
import { useRunMaintenance } from './api';
import { DAY_FIELDS, fallbackMessage, isValidDays, shownDays, type DayField } from './data-maintenance/days-fields';
import { MaintenanceConfirm } from './data-maintenance/MaintenanceConfirm';
import { usePreviewMaintenance } from './data-maintenance/maintenance-api';
import { PendingButton } from '../../components/ui/button';
import { futureOf, retentionOf, type SettingsForm } from './form';
import { ReadOnlyNote, Section, Toggle } from './parts';
import { formatDateTime } from '../../../shared/format';

interface Props {
  form: SettingsForm;
  set: (patch: Partial<SettingsForm>) => void;
  isAdmin: boolean;
  lastDataCleanup: string | null;
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/**
 * Spec 02 §2 Data Management: retention and future days (30–3650), auto cleanup and a manual run. A value
 * outside the range shows, before anything runs, the fallback that will be used; a run is previewed and
 * confirmed first (decision 080).
 */
export function DataSection({ form, set, isAdmin, lastDataCleanup }: Props) {
  // A read-only admin may look at the preview through the API but cannot save or run.
  const canWrite = useCanWrite();
  const canChange = isAdmin && canWrite;
  const preview = usePreviewMaintenance();
  const run = useRunMaintenance();
  const [confirming, setConfirming] = useState(false);
  // Fields whose text was replaced by the fallback: the message stays until the field is edited again.
  const [replaced, setReplaced] = useState<Partial<Record<DayField, boolean>>>({});

  /** Puts the fallback in a field whose text would not be used as typed, so what is shown is what runs. */
  const settle = (field: DayField) => {
    if (isValidDays(form[field])) return;
    set({ [field]: shownDays(field, form[field]) });
    setReplaced((r) => ({ ...r, [field]: true }));
  };

  const openPreview = () => {
    settle('dataRetentionDays');
    settle('futureDataDays');
    preview.mutate({ retentionDays: retentionOf(form), futureDataDays: futureOf(form) }, { onSuccess: () => setConfirming(true) });
  };

  const confirmRun = () => {
    if (!preview.data) return;
    // The days the preview answered with, which the dialog showed.
    const { retentionDays, futureDataDays } = preview.data;
    run.mutate({ retentionDays, futureDataDays }, { onSettled: () => setConfirming(false) });
  };

  const dayField = (field: DayField, id: string, label: string, help: string) => {
    const invalid = !isValidDays(form[field]);
    const message = invalid || replaced[field] ? fallbackMessage(field) : null;
    return (
      <div className="grid content-start gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={RETENTION_MIN}
          max={RETENTION_MAX}
          value={form[field]}
          onChange={(e) => {
            set({ [field]: e.target.value });
            setReplaced((r) => ({ ...r, [field]: false }));
          }}
          onBlur={() => settle(field)}
          disabled={!canChange}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-help ${id}-fallback`}
        />
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
        <p id={`${id}-fallback`} className="text-xs font-medium text-amber-700 dark:text-amber-300" aria-live="polite">
          {message}
        </p>
      </div>
    );
  };

  return (
    <Section
      id="data-heading"
      title="Data Management"
      description="Old exceptions, notes and authorisations are removed after the retention period; public holidays of your imported region are kept filled ahead."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {dayField(
          'dataRetentionDays',
          'retention-days',
          'Data retention (days)',
          `Recommended: ${DAY_FIELDS.dataRetentionDays.fallback} (1 year). ${RETENTION_MIN}–${RETENTION_MAX}.`,
        )}
        {dayField(
          'futureDataDays',
          'future-days',
          'Future data (days)',
          `Default ${DAY_FIELDS.futureDataDays.fallback}. ${RETENTION_MIN}–${RETENTION_MAX}.`,
        )}
      </div>
      <div className="mt-4">
        <Toggle
          id="auto-cleanup"
          label="Run maintenance automatically every day"
          checked={form.autoCleanupEnabled}
          onChange={(v) => set({ autoCleanupEnabled: v })}
          disabled={!canChange}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canChange ? (
          <PendingButton variant="outline" pending={preview.isPending || run.isPending} onClick={openPreview}>
            {preview.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
            {preview.isPending ? 'Checking what would change...' : 'Run Maintenance Now'}
          </PendingButton>
        ) : null}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Last run: {when(run.data?.lastDataCleanup ?? lastDataCleanup)}
          {run.data ? ` — ${run.data.cleaned} cleaned, ${run.data.extended} extended` : ''}
        </p>
      </div>
      {isAdmin ? null : <ReadOnlyNote>Only an admin can change data management.</ReadOnlyNote>}
      {isAdmin && !canChange ? <ReadOnlyNote>Read-only users cannot change data management.</ReadOnlyNote> : null}
      <MaintenanceConfirm
        open={confirming}
        preview={preview.data}
        running={run.isPending}
        onCancel={() => setConfirming(false)}
        onRun={confirmRun}
      />
    </Section>
  );
}
