import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { leaveRequestMessages, type TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { Button, PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader, Spinner } from '../../components/ui/page';
import { toastError } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { useMe } from '../../lib/session';
import { localToday } from './useRequestData';
import { useDecide, useMyRequests } from '../../lib/leave-requests';
import { LeaveRequestCard } from '../../components/LeaveRequestCard';
import { RequestDialog } from './RequestDialog';
import { TimeOffSummary } from './TimeOffSummary';
import { spanLabel } from '../../lib/leave-request-text';

/**
 * "My time off" (decisions 093 and 113): first what is left of the allowance, booked and waiting, and the next
 * absences; then the button that asks for more and the person's requests.
 */
export default function TimeOffPage() {
  const me = useMe();
  const employeeId = me.data?.user.employeeId ?? null;
  const list = useMyRequests();
  const cancel = useDecide();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<TLeaveRequest | null>(null);
  const [cancelling, setCancelling] = useState<TLeaveRequest | null>(null);
  const today = localToday();

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(
      { id: cancelling.id, action: 'cancel' },
      {
        onError: (err) => toastError(messageOf(err, 'The request could not be cancelled.')),
        onSettled: () => setCancelling(null),
      },
    );
  };

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader title="My time off" />
      {employeeId === null ? (
        <p role="note" className="rounded-md border border-border bg-card p-4 text-sm">
          {leaveRequestMessages.notLinked}
        </p>
      ) : (
        <>
          <TimeOffSummary employeeId={employeeId} today={today} />
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">My requests</h2>
            <Button onClick={() => setOpen(true)}>
              <CalendarPlus className="h-4 w-4" aria-hidden />
              Request time off
            </Button>
          </div>
        </>
      )}
      {/* The live region is there before its words: one inserted already filled may go unannounced. */}
      <div role="status">
        {sent ? (
          <p className="mb-4 rounded-md border border-green-600 bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-950/60 dark:text-green-100">
            Request sent: {sent.reasonName}, {spanLabel(sent)}. It is pending until an approver decides.
          </p>
        ) : null}
      </div>
      {list.isPending ? (
        <Spinner label="Loading your requests..." />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(list.error, 'Your requests could not be loaded.')}
        </p>
      ) : list.data.length === 0 ? (
        employeeId !== null ? (
          <p className="text-sm text-muted-foreground">No requests yet. Use Request time off to ask for your first.</p>
        ) : null
      ) : (
        <ul className="space-y-3" aria-label="My requests">
          {list.data.map((r) => (
            <LeaveRequestCard
              key={r.id}
              request={r}
              actions={
                r.canCancel ? (
                  <PendingButton
                    variant="outline"
                    size="sm"
                    pending={cancel.isPending && cancel.variables?.id === r.id}
                    onClick={() => setCancelling(r)}
                    aria-label={`Cancel request ${r.reasonName}, ${spanLabel(r)}`}
                  >
                    {r.status === 'approved' ? 'Ask to cancel' : 'Cancel request'}
                  </PendingButton>
                ) : null
              }
            />
          ))}
        </ul>
      )}
      {employeeId !== null ? (
        <RequestDialog open={open} onOpenChange={setOpen} employeeId={employeeId} today={today} onSent={setSent} />
      ) : null}
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(o) => !o && !cancel.isPending && setCancelling(null)}
        title="Cancel this request?"
        description={
          cancelling
            ? `${cancelling.reasonName}, ${spanLabel(cancelling)}. ${
                cancelling.status === 'approved'
                  ? 'Your approvers are asked to agree; until then the time off stands.'
                  : 'It is withdrawn at once.'
              }`
            : ''
        }
        confirmText={cancel.isPending ? 'Cancelling...' : 'Cancel request'}
        cancelText="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </section>
  );
}
