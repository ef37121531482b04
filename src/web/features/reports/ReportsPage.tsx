import { Tabs } from 'radix-ui';
import { FileText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ZReportCountQuery } from '../../../shared/contracts/reports';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page';
import { useReportCount } from './api';
import { GenerateReportDialog } from './GenerateReportDialog';
import { ProgressNote } from './ProgressNote';
import { quickRange } from './ranges';
import { ReportConfigCard } from './ReportConfigCard';
import { ReportTab } from './ReportTab';
import { useReportActions, type ReportConfig } from './useReportActions';

const tabClass =
  'rounded-md px-3 py-1.5 text-center text-sm leading-tight font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Spec §2 Reports screen: configuration card, the report tabs (Leave Balances: decision 095) and the Generate Report dialog. */
export default function ReportsPage() {
  const [config, setConfig] = useState<ReportConfig>(() => ({
    ...quickRange('This Month', new Date()),
    siteScope: 'current',
    format: 'detailed',
    includeNotes: false,
  }));
  const [dialogOpen, setDialogOpen] = useState(false);
  const actions = useReportActions(config);

  // The same rules the server applies (order, real dates, at most 366 days), checked before asking it.
  const rangeError = useMemo(() => {
    const parsed = ZReportCountQuery.safeParse({ startDate: config.startDate, endDate: config.endDate });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid date range');
  }, [config.startDate, config.endDate]);
  const count = useReportCount(config.startDate, config.endDate, config.siteScope, rangeError === null);
  const busy = actions.busy !== null || rangeError !== null;

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <PageHeader
        title="Reports"
        subtitle="Who is away and how many working hours you really have, for any period."
        actions={
          <Button onClick={() => setDialogOpen(true)}>
            <FileText className="h-4 w-4" aria-hidden /> Generate Report
          </Button>
        }
      />
      <ReportConfigCard config={config} onChange={setConfig} siteCount={count.data?.siteCount} rangeError={rangeError} />
      <ProgressNote label={dialogOpen ? null : actions.busy} />
      <Tabs.Root defaultValue="exceptions" className="rounded-lg border border-border bg-card p-4 sm:p-5">
        <Tabs.List aria-label="Report type" className="mb-4 grid w-full grid-cols-3 gap-1 rounded-lg bg-muted p-1 sm:inline-grid sm:w-auto">
          <Tabs.Trigger value="exceptions" className={tabClass}>
            Exception Reports
          </Tabs.Trigger>
          <Tabs.Trigger value="hours" className={tabClass}>
            Available Hours Reports
          </Tabs.Trigger>
          <Tabs.Trigger value="balances" className={tabClass}>
            Leave Balances
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="exceptions">
          <ReportTab
            reportType="exceptions"
            description="Every exception overlapping the range, by site and employee, with days and hours away per employee, type and site."
            count={{ value: rangeError ? undefined : count.data?.count, loading: count.isLoading }}
            busy={busy}
            onEmail={(a) => void actions.email('exceptions', a, 'tab')}
            onPdf={() => void actions.pdf('exceptions')}
            onCsv={() => void actions.csv('exceptions')}
          />
        </Tabs.Content>
        <Tabs.Content value="hours">
          <ReportTab
            reportType="hours"
            description="Available and default hours per site and day (Summary: per week), with public holidays, weekends and day authorisation."
            busy={busy}
            onEmail={(a) => void actions.email('hours', a, 'tab')}
            onPdf={() => void actions.pdf('hours')}
            onCsv={() => void actions.csv('hours')}
          />
        </Tabs.Content>
        <Tabs.Content value="balances">
          <ReportTab
            reportType="balances"
            description="Each employee's leave balance in the leave year the range ends in, as of today: entitlement, carried over, taken, booked, pending, adjustments and what is left."
            busy={busy}
            onEmail={(a) => void actions.email('balances', a, 'tab')}
            onPdf={() => void actions.pdf('balances')}
            onCsv={() => void actions.csv('balances')}
          />
        </Tabs.Content>
      </Tabs.Root>
      <GenerateReportDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        config={config}
        actions={actions}
        disabled={rangeError !== null}
      />
    </div>
  );
}
