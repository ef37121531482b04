import { useState } from 'react';
import { BUG_STATUSES } from '../../../shared/contracts/super-admin';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { useBugReports, useSetBugStatus, type BugStatus } from './api';
import { Select } from './fields';
import { Pager, QueryState, Section, formatDateTime } from './parts';
import { failure } from './token';

const statusLabel = { open: 'Open', in_progress: 'In progress', closed: 'Closed' } as const;

/** Beyond the spec: the bug reports users sent from the app, with a status the support team moves along. */
export function BugReports() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<BugStatus | ''>('');
  const reports = useBugReports(page, status);
  const setBugStatus = useSetBugStatus();
  const change = async (id: number, next: BugStatus) => {
    try {
      await setBugStatus.mutateAsync({ id, status: next });
    } catch (err) {
      toast({ title: 'Update failed', description: failure('Update failed', err), variant: 'destructive' });
    }
  };
  return (
    <Section
      title="Bug reports"
      actions={
        <Select
          aria-label="Filter by status"
          className="w-40"
          value={status}
          onChange={(e) => (setStatus(e.target.value as BugStatus | ''), setPage(1))}
        >
          <option value="">All statuses</option>
          {BUG_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel[s]}
            </option>
          ))}
        </Select>
      }
    >
      <QueryState pending={reports.isPending} error={reports.error} label="Loading bug reports..." failed="Failed to fetch bug reports" />
      {reports.data ? (
        <>
          <Table>
            <THead>
              <Tr>
                <Th>Report</Th>
                <Th className="hidden sm:table-cell">From</Th>
                <Th className="hidden md:table-cell">Sent</Th>
                <Th>Status</Th>
              </Tr>
            </THead>
            <TBody>
              {reports.data.items.length === 0 ? <EmptyRow colSpan={4} text="No bug reports." /> : null}
              {reports.data.items.map((r) => (
                <Tr key={r.id}>
                  <Td className="max-w-md">
                    <span className="block font-medium">{r.subject}</span>
                    <span className="line-clamp-2 text-xs text-muted-foreground">{r.details}</span>
                  </Td>
                  <Td className="hidden text-xs sm:table-cell">
                    {r.userEmail ?? '—'}
                    <span className="block text-muted-foreground">{r.siteName ?? ''}</span>
                  </Td>
                  <Td className="hidden whitespace-nowrap md:table-cell">{formatDateTime(r.createdAt)}</Td>
                  <Td>
                    <Select
                      aria-label={`Status of ${r.subject}`}
                      className="w-32"
                      value={r.status}
                      onChange={(e) => void change(r.id, e.target.value as BugStatus)}
                    >
                      {BUG_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {statusLabel[s]}
                        </option>
                      ))}
                    </Select>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <Pager page={reports.data.page} pageSize={reports.data.pageSize} total={reports.data.total} onPage={setPage} />
        </>
      ) : null}
    </Section>
  );
}
