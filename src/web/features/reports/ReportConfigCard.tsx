import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { QUICK_RANGES, quickRange } from './ranges';
import type { ReportConfig } from './useReportActions';

interface Props {
  config: ReportConfig;
  onChange: (next: ReportConfig) => void;
  siteCount: number | undefined;
  rangeError: string | null;
}

function Choice({
  name,
  value,
  checked,
  onSelect,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm hover:bg-muted/60 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} className="h-4 w-4 accent-primary" />
      {children}
    </label>
  );
}

/** Spec §2 configuration card: date range with quick ranges, Site Scope, Report Format, Include Notes. */
export function ReportConfigCard({ config, onChange, siteCount, rangeError }: Props) {
  const set = (patch: Partial<ReportConfig>) => onChange({ ...config, ...patch });
  return (
    <section aria-labelledby="report-config-title" className="space-y-5 rounded-lg border border-border bg-card p-4 sm:p-5">
      <h2 id="report-config-title" className="text-base font-semibold">
        Report Configuration
      </h2>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Date Range</legend>
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick ranges">
          {QUICK_RANGES.map((name) => (
            <Button key={name} size="sm" variant="outline" onClick={() => set(quickRange(name, new Date()))}>
              {name}
            </Button>
          ))}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:max-w-md sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor="report-start">Start date</Label>
            <Input
              id="report-start"
              type="date"
              value={config.startDate}
              onChange={(e) => set({ startDate: e.target.value })}
              aria-invalid={!!rangeError}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="report-end">End date</Label>
            <Input
              id="report-end"
              type="date"
              value={config.endDate}
              onChange={(e) => set({ endDate: e.target.value })}
              aria-invalid={!!rangeError}
            />
          </div>
        </div>
        {rangeError ? (
          <p role="alert" className="text-xs text-destructive">
            {rangeError}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-5 md:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">Site Scope</legend>
          <div className="flex flex-wrap gap-2">
            <Choice
              name="site-scope"
              value="current"
              checked={config.siteScope === 'current'}
              onSelect={() => set({ siteScope: 'current' })}
            >
              Current Site Only
            </Choice>
            <Choice name="site-scope" value="all" checked={config.siteScope === 'all'} onSelect={() => set({ siteScope: 'all' })}>
              All Sites{siteCount === undefined ? '' : ` (${siteCount})`}
            </Choice>
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">Report Format</legend>
          <div className="flex flex-wrap gap-2">
            <Choice
              name="report-format"
              value="detailed"
              checked={config.format === 'detailed'}
              onSelect={() => set({ format: 'detailed' })}
            >
              Detailed
            </Choice>
            <Choice name="report-format" value="summary" checked={config.format === 'summary'} onSelect={() => set({ format: 'summary' })}>
              Summary
            </Choice>
          </div>
        </fieldset>
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={config.includeNotes}
          onChange={(e) => set({ includeNotes: e.target.checked })}
          className="h-4 w-4 accent-primary"
        />
        Include Notes in Exception Reports
      </label>
    </section>
  );
}
