import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { TReportLayout, TReportType, TSiteScope } from '../../../shared/contracts/reports';
import { toast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { downloadCsv, downloadPdf, emailReport } from './api';
import { msg } from './messages';
import { recipientListsKey } from './recipient-api';

export interface ReportConfig {
  startDate: string;
  endDate: string;
  siteScope: TSiteScope;
  format: TReportLayout;
  includeNotes: boolean;
}

export const requestOf = (c: ReportConfig, reportType: TReportType) => ({
  startDate: c.startDate,
  endDate: c.endDate,
  reportType,
  siteScope: c.siteScope,
  format: c.format,
  includeNotes: reportType === 'exceptions' && c.includeNotes,
});

/** True when the field holds at least one non-empty address between semicolons. */
export const hasAddresses = (raw: string) => raw.split(';').some((a) => a.trim() !== '');

/**
 * The screen's three actions with their progress label and the spec's toasts. `busy` names what is
 * being made, so the page can show it and keep a second click from starting another report.
 */
export function useReportActions(config: ReportConfig) {
  const [busy, setBusy] = useState<string | null>(null);
  const qc = useQueryClient();

  const run = useCallback(async <T>(label: string, work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(label);
    try {
      return await work();
    } finally {
      setBusy(null);
    }
  }, []);

  const pdf = useCallback(
    (reportType: TReportType) =>
      run('Generating PDF…', async () => {
        try {
          const name = await downloadPdf(requestOf(config, reportType));
          toast({ title: msg.pdfDownloaded, description: name, variant: 'success', duration: 3000 });
          return true;
        } catch (err) {
          toast({ title: msg.pdfFailedTitle, description: messageOf(err, msg.pdfFailed), variant: 'destructive' });
          return false;
        }
      }),
    [config, run],
  );

  const csv = useCallback(
    (reportType: TReportType) =>
      run('Generating CSV…', async () => {
        try {
          const name = await downloadCsv(requestOf(config, reportType));
          toast({ title: 'CSV Downloaded', description: name, variant: 'success', duration: 3000 });
        } catch (err) {
          toast({ title: 'CSV Download Failed', description: messageOf(err, 'Failed to download the CSV file'), variant: 'destructive' });
        }
      }),
    [config, run],
  );

  /** `flow` picks the spec's wording: the tabs say Email Failed, the Generate Report dialog Send Failed. */
  const email = useCallback(
    (reportType: TReportType, emailAddresses: string, flow: 'tab' | 'dialog') => {
      if (!hasAddresses(emailAddresses)) {
        toast({
          title: msg.emailRequiredTitle,
          description: flow === 'tab' ? msg.emailRequired : msg.emailRequiredGenerate,
          variant: 'destructive',
        });
        return Promise.resolve(false);
      }
      return run('Sending report…', async () => {
        try {
          const res = await emailReport({
            ...requestOf(config, reportType),
            reportType: reportType === 'hours' ? 'available-hours' : reportType,
            emailAddresses,
          });
          toast({ title: 'Report Sent', description: res.message, variant: 'success' });
          // The server kept these recipients as the last used (decision 082).
          void qc.invalidateQueries({ queryKey: recipientListsKey });
          return true;
        } catch (err) {
          toast(
            flow === 'tab'
              ? { title: msg.emailFailedTitle, description: messageOf(err, msg.emailFailed), variant: 'destructive' }
              : { title: msg.sendFailedTitle, description: messageOf(err, msg.sendFailed), variant: 'destructive' },
          );
          return false;
        }
      });
    },
    [config, run, qc],
  );

  return { busy, run, pdf, csv, email };
}
