import { Download, FileSpreadsheet, Mail } from 'lucide-react';
import { useState } from 'react';
import type { TReportType } from '../../../shared/contracts/reports';
import { PendingButton } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { RecipientPicker } from './RecipientPicker';
import { hasAddresses } from './useReportActions';

interface ReportTabProps {
  reportType: TReportType;
  description: string;
  /** The exceptions tab's count line; absent on the hours tab. */
  count?: { value: number | undefined; loading: boolean };
  busy: boolean;
  onEmail: (addresses: string) => void;
  onPdf: () => void;
  onCsv: () => void;
}

/** One report tab: what it holds, the addresses field, Email Report and Download PDF (plus CSV). */
export function ReportTab({ reportType, description, count, busy, onEmail, onPdf, onCsv }: ReportTabProps) {
  const [addresses, setAddresses] = useState('');
  const id = `report-emails-${reportType}`;
  const noExceptions = count !== undefined && count.value === 0;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{description}</p>
      {count ? (
        <p className="text-sm" aria-live="polite" data-testid="exception-count">
          {count.loading || count.value === undefined ? (
            'Counting exceptions…'
          ) : (
            <>
              <strong className="text-base">{count.value}</strong> {count.value === 1 ? 'exception' : 'exceptions'} found in this range
            </>
          )}
        </p>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={id}>Email addresses</Label>
        <Input
          id={id}
          value={addresses}
          onChange={(e) => setAddresses(e.target.value)}
          placeholder="name@example.com; colleague@example.com"
          aria-describedby={`${id}-hint`}
          autoComplete="off"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Separate addresses with semicolons (up to 20).
        </p>
        <RecipientPicker addresses={addresses} onPick={setAddresses} disabled={busy} />
      </div>
      <div className="flex flex-wrap gap-2">
        <PendingButton onClick={() => onEmail(addresses)} pending={busy} unavailable={!hasAddresses(addresses)}>
          <Mail className="h-4 w-4" aria-hidden /> Email Report
        </PendingButton>
        <PendingButton variant="outline" onClick={onPdf} pending={busy} unavailable={noExceptions}>
          <Download className="h-4 w-4" aria-hidden /> Download PDF
        </PendingButton>
        <PendingButton variant="ghost" onClick={onCsv} pending={busy} unavailable={noExceptions}>
          <FileSpreadsheet className="h-4 w-4" aria-hidden /> Download CSV
        </PendingButton>
      </div>
    </div>
  );
}
