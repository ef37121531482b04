import type { TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { shortfallConflictOf } from '../../lib/coverage-conflict';
import { useDecide } from '../../lib/leave-requests';
import { spanLabel } from '../../lib/leave-request-text';
import type { RefusedApproval } from './ApproveShortfall';
import { DecisionForm } from './DecisionForm';

/**
 * Approve with a comment, as the mailed Approve page offers: optional, and mailed to the requester with the
 * outcome. An approval that leaves the site short goes on to the reason dialog, keeping the comment.
 */
export function ApproveDialog({
  request,
  label,
  onClose,
  onRefused,
}: {
  request: TLeaveRequest | null;
  label: string;
  onClose: () => void;
  onRefused: (refused: RefusedApproval) => void;
}) {
  return (
    <Dialog
      open={!!request}
      onOpenChange={(o) => !o && onClose()}
      title={request?.cancellationPending ? 'Approve the cancellation' : 'Approve request'}
      description={request ? `${request.employeeName}: ${request.reasonName}, ${spanLabel(request)}` : undefined}
    >
      {request ? <ApproveForm request={request} label={label} onDone={onClose} onRefused={onRefused} /> : null}
    </Dialog>
  );
}

function ApproveForm({
  request,
  label,
  onDone,
  onRefused,
}: {
  request: TLeaveRequest;
  label: string;
  onDone: () => void;
  onRefused: (refused: RefusedApproval) => void;
}) {
  const decide = useDecide();
  return (
    <DecisionForm
      id="approve-comment"
      request={request}
      optional
      busy={decide.isPending}
      submitLabel={decide.isPending ? 'Approving...' : 'Approve'}
      onCancel={onDone}
      onSubmit={(comment, fail) => {
        const said = comment || undefined;
        decide.mutate(
          { id: request.id, action: 'approve', comment: said },
          {
            onSuccess: (after) => {
              toast({ title: after.status === 'approved' ? 'Request approved' : 'Approval recorded', variant: 'success' });
              onDone();
            },
            onError: (err) => {
              const conflict = shortfallConflictOf(err);
              if (!conflict) return fail(messageOf(err, 'The request could not be approved.'));
              onDone();
              onRefused({ id: request.id, label, conflict, comment: said });
            },
          },
        );
      }}
    />
  );
}
