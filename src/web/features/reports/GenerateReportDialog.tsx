import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { TReportPreview, TReportType } from '../../../shared/contracts/reports';
import { PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { previewReport } from './api';
import { msg } from './messages';
import { ProgressNote } from './ProgressNote';
import { RecipientPicker } from './RecipientPicker';
import { requestOf, type ReportConfig, type useReportActions } from './useReportActions';
import { formatDayRange } from '../../../shared/format';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: ReportConfig;
  actions: ReturnType<typeof useReportActions>;
  disabled: boolean;
}

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm disabled:opacity-50';

/**
 * Spec §2/§4 Generate Report dialog: Setup and Preview tabs; Preview is disabled until a preview
 * exists; a successful preview moves to it; Back to Setup returns; closing resets everything.
 */
export function GenerateReportDialog({ open, onOpenChange, config, actions, disabled }: Props) {
  const [tab, setTab] = useState<'setup' | 'preview'>('setup');
  const [reportType, setReportType] = useState<TReportType>('exceptions');
  const [delivery, setDelivery] = useState<'email' | 'pdf'>('pdf');
  const [addresses, setAddresses] = useState('');
  const [preview, setPreview] = useState<TReportPreview | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setTab('setup');
      setReportType('exceptions');
      setDelivery('pdf');
      setAddresses('');
      setPreview(null);
    }
    onOpenChange(next);
  };

  const makePreview = () =>
    actions.run('Generating preview…', async () => {
      try {
        setPreview(await previewReport(requestOf(config, reportType)));
        setTab('preview');
      } catch (err) {
        toast({ title: msg.previewFailedTitle, description: messageOf(err, msg.previewFailed), variant: 'destructive' });
      }
    });

  // Decision 082: Generate before any preview makes the preview; the report goes from the Preview tab.
  const generate = async () => {
    if (!preview) return makePreview();
    const ok = delivery === 'pdf' ? await actions.pdf(reportType) : await actions.email(reportType, addresses, 'dialog');
    if (ok) close(false);
  };

  const busy = actions.busy !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Generate Report"
      description="Choose a report, preview it, then download or send it."
      className="sm:max-w-4xl"
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as 'setup' | 'preview')}>
        <Tabs.List aria-label="Generate Report steps" className="mb-4 inline-flex gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="setup" className={tabClass}>
            Setup
          </Tabs.Trigger>
          <Tabs.Trigger value="preview" className={tabClass} disabled={!preview}>
            Preview
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="setup" className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">Report type</legend>
            <div className="flex flex-wrap gap-2">
              {(
                [
                  ['exceptions', 'Exception Report'],
                  ['hours', 'Available Hours Report'],
                  ['balances', 'Leave Balances Report'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name="generate-type"
                    checked={reportType === value}
                    onChange={() => (setReportType(value), setPreview(null))}
                    className="h-4 w-4 accent-primary"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">Deliver as</legend>
            <div className="flex flex-wrap gap-2">
              {(
                [
                  ['pdf', 'PDF'],
                  ['email', 'Email'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name="generate-delivery"
                    checked={delivery === value}
                    onChange={() => setDelivery(value)}
                    className="h-4 w-4 accent-primary"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {delivery === 'email' ? (
            <div className="space-y-1.5">
              <Label htmlFor="generate-emails">Email addresses</Label>
              <Input
                id="generate-emails"
                value={addresses}
                onChange={(e) => setAddresses(e.target.value)}
                placeholder="name@example.com; colleague@example.com"
                autoComplete="off"
              />
              <RecipientPicker addresses={addresses} onPick={setAddresses} disabled={busy} />
            </div>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {formatDayRange(config.startDate, config.endDate, { weekday: false })} ·{' '}
            {config.siteScope === 'all' ? 'All Sites' : 'Current Site Only'} · {config.format === 'summary' ? 'Summary' : 'Detailed'}
          </p>
          <ProgressNote label={actions.busy} />
          <div className="flex flex-wrap justify-end gap-2">
            <PendingButton variant="outline" onClick={makePreview} pending={busy} unavailable={disabled}>
              Preview Report
            </PendingButton>
            <PendingButton onClick={generate} pending={busy} unavailable={disabled}>
              Generate Report
            </PendingButton>
          </div>
        </Tabs.Content>
        <Tabs.Content value="preview" className="space-y-3">
          {preview ? (
            <>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div>
                  <dt className="inline text-muted-foreground">Exceptions: </dt>
                  <dd className="inline font-semibold">{preview.totalExceptions}</dd>
                </div>
                <div>
                  <dt className="inline text-muted-foreground">Sites: </dt>
                  <dd className="inline font-semibold">{preview.sitesIncluded.join(', ')}</dd>
                </div>
                <div>
                  <dt className="inline text-muted-foreground">Dates: </dt>
                  <dd className="inline font-semibold">
                    {formatDayRange(preview.dateRange.startDate, preview.dateRange.endDate, { weekday: false })}
                  </dd>
                </div>
              </dl>
              {/* The server escapes every user string; the sandbox (no scripts) is a second wall. */}
              <iframe
                title="Report preview"
                sandbox=""
                srcDoc={preview.content}
                className="h-[55vh] w-full rounded-md border border-border bg-white"
              />
              <ProgressNote label={actions.busy} />
              <div className="flex flex-wrap justify-end gap-2">
                <PendingButton variant="outline" onClick={() => setTab('setup')} unavailable={busy}>
                  Back to Setup
                </PendingButton>
                <PendingButton onClick={generate} pending={busy}>
                  {delivery === 'pdf' ? 'Download PDF' : 'Send Report'}
                </PendingButton>
              </div>
            </>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
