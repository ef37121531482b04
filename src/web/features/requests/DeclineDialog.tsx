import { leaveRequestMessages, type TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { useDecide } from '../../lib/leave-requests';
import { spanLabel } from '../../lib/leave-request-text';
import { DecisionForm } from './DecisionForm';

/** Declining says why: the comment is required and reaches the requester by e-mail. */
export function DeclineDialog({ request, onClose }: { request: TLeaveRequest | null; onClose: () => void }) {
  return (
    <Dialog
      open={!!request}
      onOpenChange={(o) => !o && onClose()}
      title={request?.cancellationPending ? 'Decline the cancellation' : 'Decline request'}
      description={request ? `${request.employeeName}: ${request.reasonName}, ${spanLabel(request)}` : undefined}
    >
      {request ? <DeclineForm request={request} onDone={onClose} /> : null}
    </Dialog>
  );
}

function DeclineForm({ request, onDone }: { request: TLeaveRequest; onDone: () => void }) {
  const decide = useDecide();
  return (
    <DecisionForm
      id="decline-comment"
      request={request}
      busy={decide.isPending}
      submitLabel={decide.isPending ? 'Declining...' : 'Decline'}
      destructive
      onCancel={onDone}
      check={(comment) => (comment ? null : leaveRequestMessages.commentRequired)}
      onSubmit={(comment, fail) =>
        decide.mutate(
          { id: request.id, action: 'decline', comment },
          {
            // Said where a screen reader waits its turn (the toast's polite status), as Approve is.
            onSuccess: () => {
              toast({ title: request.cancellationPending ? 'Cancellation declined' : 'Request declined', variant: 'success' });
              onDone();
            },
            onError: (err) => fail(messageOf(err, 'The request could not be declined.')),
          },
        )
      }
    />
  );
}
