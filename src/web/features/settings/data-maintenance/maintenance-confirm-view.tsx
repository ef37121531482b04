import { AlertDialog as A } from 'radix-ui';
import type { TDataMaintenancePreview } from '../../../../shared/contracts/data-maintenance';
import { Button, PendingButton } from '../../../components/ui/button';
import { formatDay } from '../../../../shared/format';

export interface MaintenanceConfirmProps {
  open: boolean;
  preview: TDataMaintenancePreview | undefined;
  running: boolean;
  onCancel: () => void;
  onRun: () => void;
}

type Kind = keyof TDataMaintenancePreview['removes'];
const KINDS: Array<[Kind, string, string]> = [
  ['exceptions', 'exception', 'exceptions'],
  ['notes', 'note', 'notes'],
  ['dayChanges', 'day change or authorisation', 'day changes and authorisations'],
  ['publicHolidays', 'past public holiday', 'past public holidays'],
  ['expiredSessions', 'expired sign-in', 'expired sign-ins'],
  ['sentMail', 'sent e-mail', 'sent e-mails'],
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const longDate = (day: string) => formatDay(day);

function regionName(region: NonNullable<TDataMaintenancePreview['holidayRegion']>): string {
  let country = region.country;
  try {
    country = new Intl.DisplayNames(undefined, { type: 'region' }).of(region.country) ?? region.country;
  } catch {
    // An unknown code: the code itself reads well enough.
  }
  return region.state ? `${country} (${region.state})` : country;
}

/** Spec 02 Data Management, decision 080: what the run removes and adds, confirmed before anything goes. */
export default function MaintenanceConfirmView({
  open,
  preview,
  running,
  onCancel,
  onRun,
  onCloseAutoFocus,
}: MaintenanceConfirmProps & { onCloseAutoFocus: (event: Event) => void }) {
  if (!preview) return null;
  const removesAny = preview.cleaned > 0;
  return (
    // Closing while the run is under way would hide its end; the toast still tells, but the dialog waits.
    <A.Root open={open} onOpenChange={(o) => !o && !running && onCancel()}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <A.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-5 text-foreground shadow-xl"
        >
          <A.Title className="text-lg font-semibold">Run maintenance?</A.Title>
          <A.Description className="mt-2 text-sm text-muted-foreground">
            {removesAny
              ? `Removes ${plural(preview.cleaned, 'record', 'records')} for good. Anything dated or ending on ${longDate(preview.keepFrom)} or later is kept.`
              : `Nothing is old enough to remove: everything from ${longDate(preview.keepFrom)} on is kept.`}
          </A.Description>

          <h3 id="maintenance-removes" className="mt-4 text-sm font-semibold">
            Removes
          </h3>
          <ul className="mt-1 grid gap-0.5 text-sm" aria-labelledby="maintenance-removes">
            {KINDS.map(([kind, one, many]) => (
              <li key={kind} className={preview.removes[kind] === 0 ? 'text-muted-foreground' : undefined}>
                {plural(preview.removes[kind], one, many)}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            Oldest date kept: <strong>{longDate(preview.keepFrom)}</strong>
          </p>

          <h3 className="mt-4 text-sm font-semibold">Adds</h3>
          <p className="mt-1 text-sm">
            {preview.holidayRegion
              ? `${plural(preview.extended, 'public holiday', 'public holidays')} of ${regionName(preview.holidayRegion)}, up to ${longDate(preview.extendTo)}`
              : 'Nothing: import public holidays of a region once and maintenance keeps them filled ahead.'}
          </p>

          <p className="mt-4 text-xs text-muted-foreground">
            Retention {preview.retentionDays} days and future data {preview.futureDataDays} days are saved for this site.
          </p>

          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <A.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </A.Cancel>
            <PendingButton variant={removesAny ? 'destructive' : 'primary'} pending={running} onClick={onRun}>
              {running ? 'Running maintenance...' : 'Run maintenance'}
            </PendingButton>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
