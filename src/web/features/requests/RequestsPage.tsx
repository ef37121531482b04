import { useQueryClient } from '@tanstack/react-query';
import { BalanceAfter } from '../../components/balances/BalanceAfter';
import { useMemo, useState } from 'react';
import type { TLeaveRequest, TLeaveRequestStatus } from '../../../shared/contracts/leave-requests';
import { Button, PendingButton } from '../../components/ui/button';
import { Label } from '../../components/ui/input';
import { PageHeader, Spinner } from '../../components/ui/page';
import { SearchBox } from '../../components/ui/search-box';
import { toast, toastError } from '../../components/ui/toast';
import { api, messageOf } from '../../lib/api';
import { announceCalendarChange } from '../../lib/calendar-events';
import { shortfallConflictOf } from '../../lib/coverage-conflict';
import { NativeSelect } from '../../components/ui/native-select';
import { LEAVE_PATH, useDecide, useSiteRequests } from '../../lib/leave-requests';
import { LeaveRequestCard, requestTitleId } from '../../components/LeaveRequestCard';
import { spanLabel } from '../../lib/leave-request-text';
import { ApproveDialog } from './ApproveDialog';
import { ApproveShortfall, type RefusedApproval } from './ApproveShortfall';
import { DeclineDialog } from './DeclineDialog';
import { ImpactView } from './ImpactView';
import { ShortfallWarning } from './ShortfallWarning';
import { approveEach, awaitsDecision, filterRequests, typesOf, type BulkOutcome } from './request-filter';

const STATUS_CHOICES: Array<{ value: TLeaveRequestStatus | ''; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: '', label: 'All' },
];

const labelOf = (r: TLeaveRequest) => `${r.employeeName}, ${r.reasonName}, ${spanLabel(r)}`;

/** "Requests" (decision 093): approvers decide time off, seeing what each request does to the site's hours. */
export default function RequestsPage() {
  const [status, setStatus] = useState<TLeaveRequestStatus | ''>('pending');
  const [search, setSearch] = useState('');
  const [reasonId, setReasonId] = useState('');
  const list = useSiteRequests(status || undefined);
  const decide = useDecide();
  const qc = useQueryClient();
  const [declining, setDeclining] = useState<TLeaveRequest | null>(null);
  const [approving, setApproving] = useState<TLeaveRequest | null>(null);
  const [impactClosed, setImpactClosed] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<{ running: boolean; outcome: BulkOutcome | null }>({ running: false, outcome: null });
  const [shortfall, setShortfall] = useState<RefusedApproval | null>(null);

  const all = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => filterRequests(all, { search, reasonId }), [all, search, reasonId]);
  const types = useMemo(() => typesOf(all), [all]);
  const selectable = shown.filter((r) => r.canDecide && r.status === 'pending');
  const chosen = selectable.filter((r) => selected.has(r.id));

  const toggle = <T,>(set: ReadonlySet<T>, value: T) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  const approve = (r: TLeaveRequest) =>
    decide.mutate(
      { id: r.id, action: 'approve' },
      {
        onSuccess: (after) => toast({ title: after.status === 'approved' ? 'Request approved' : 'Approval recorded', variant: 'success' }),
        onError: (err) => {
          const conflict = shortfallConflictOf(err);
          if (conflict) setShortfall({ id: r.id, label: labelOf(r), conflict });
          else toastError(messageOf(err, 'The request could not be approved.'));
        },
      },
    );

  const approveSelected = async () => {
    setBulk({ running: true, outcome: null });
    const outcome = await approveEach(
      chosen.map((r) => ({ id: r.id, label: labelOf(r) })),
      (id) => api('POST /api/leave-requests/:id/approve', { params: { id }, body: {} }),
    );
    setBulk({ running: false, outcome });
    setSelected(new Set());
    announceCalendarChange();
    await qc.invalidateQueries({ queryKey: [LEAVE_PATH] });
  };

  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader title="Requests" subtitle="Time off your staff asked for. Waiting ones come first." />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="requests-status">Status</Label>
          <NativeSelect
            id="requests-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as TLeaveRequestStatus | '')}
            className="w-40"
          >
            {STATUS_CHOICES.map((c) => (
              <option key={c.label} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="requests-type">Type</Label>
          <NativeSelect id="requests-type" value={reasonId} onChange={(e) => setReasonId(e.target.value)} className="w-48">
            <option value="">All types</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="min-w-0 flex-1 basis-56 [&>div]:mb-0">
          <SearchBox label="Search employees" placeholder="Search employees..." value={search} onChange={setSearch} />
        </div>
      </div>
      {selectable.length > 0 ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setSelected(new Set(chosen.length === selectable.length ? [] : selectable.map((r) => r.id)))}
          >
            {chosen.length === selectable.length ? 'Clear selection' : 'Select all pending'}
          </Button>
          <PendingButton size="sm" pending={bulk.running} unavailable={chosen.length === 0} onClick={() => void approveSelected()}>
            {bulk.running ? 'Approving...' : `Approve selected (${chosen.length})`}
          </PendingButton>
        </div>
      ) : null}
      {bulk.outcome ? (
        <div role={bulk.outcome.failed.length ? 'alert' : 'status'} className="mb-3 rounded-md border border-border bg-card p-3 text-sm">
          <p>
            {bulk.outcome.approved.length} approved
            {bulk.outcome.failed.length ? `, ${bulk.outcome.failed.length} not approved:` : '.'}
          </p>
          {bulk.outcome.failed.length ? (
            <ul className="mt-1 list-disc pl-5 text-destructive">
              {bulk.outcome.failed.map((f) => (
                <li key={f.id}>
                  {f.label}: {f.message}
                  {f.shortfall ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="ml-2 align-baseline"
                      onClick={() => f.shortfall && setShortfall({ id: f.id, label: f.label, conflict: f.shortfall })}
                    >
                      Approve anyway...
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {list.isPending ? (
        <Spinner label="Loading requests..." />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(list.error, 'The requests could not be loaded.')}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{all.length ? 'No requests match these filters.' : 'No requests here.'}</p>
      ) : (
        <ul className="space-y-3" aria-label="Requests">
          {shown.map((r) => {
            const waiting = awaitsDecision(r);
            const busy = decide.isPending && decide.variables?.id === r.id;
            // Shown at once for those waiting: it is what the decision rests on.
            const impact = waiting && !impactClosed.has(r.id);
            return (
              <LeaveRequestCard
                key={r.id}
                request={r}
                showEmployee
                leading={
                  r.canDecide && r.status === 'pending' ? (
                    <input
                      type="checkbox"
                      className="mt-1 h-4 w-4 shrink-0 accent-primary"
                      checked={selected.has(r.id)}
                      onChange={() => setSelected((s) => toggle(s, r.id))}
                      aria-label={`Select ${labelOf(r)}`}
                    />
                  ) : null
                }
                actions={
                  <>
                    {r.canDecide ? (
                      <>
                        {/* Each button's description is the card's heading: which request it decides. */}
                        <PendingButton
                          size="sm"
                          pending={busy && decide.variables?.action === 'approve'}
                          unavailable={busy}
                          onClick={() => approve(r)}
                          aria-describedby={requestTitleId(r.id)}
                        >
                          {r.cancellationPending ? 'Approve cancellation' : 'Approve'}
                        </PendingButton>
                        <PendingButton
                          size="sm"
                          variant="outline"
                          unavailable={busy}
                          onClick={() => setApproving(r)}
                          aria-describedby={requestTitleId(r.id)}
                        >
                          Approve with comment...
                        </PendingButton>
                        <PendingButton
                          size="sm"
                          variant="outline"
                          unavailable={busy}
                          onClick={() => setDeclining(r)}
                          aria-describedby={requestTitleId(r.id)}
                        >
                          {r.cancellationPending ? 'Decline cancellation' : 'Decline'}
                        </PendingButton>
                      </>
                    ) : null}
                    {waiting ? (
                      <Button size="sm" variant="ghost" aria-expanded={impact} onClick={() => setImpactClosed((s) => toggle(s, r.id))}>
                        {impact ? 'Hide impact' : 'Show impact'}
                      </Button>
                    ) : null}
                  </>
                }
              >
                {r.status === 'pending' ? <ShortfallWarning days={r.shortfalls} /> : null}
                {waiting && !r.cancellationPending ? (
                  <BalanceAfter employeeId={r.employeeId} reasonId={r.reasonId} span={r} workingHours={r.totalHours} requestId={r.id} />
                ) : null}
                {impact ? <ImpactView requestId={r.id} /> : null}
              </LeaveRequestCard>
            );
          })}
        </ul>
      )}
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
      <ApproveDialog
        request={approving}
        label={approving ? labelOf(approving) : ''}
        onClose={() => setApproving(null)}
        onRefused={setShortfall}
      />
      {shortfall ? (
        <ApproveShortfall
          refused={shortfall}
          onRefused={setShortfall}
          onClose={() => setShortfall(null)}
          onApproved={(id) =>
            setBulk((b) =>
              b.outcome
                ? {
                    ...b,
                    outcome: { approved: [...b.outcome.approved, id], failed: b.outcome.failed.filter((f) => f.id !== id) },
                  }
                : b,
            )
          }
        />
      ) : null}
    </section>
  );
}
