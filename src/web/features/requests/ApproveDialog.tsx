import { useState, type FormEvent } from 'react';
import { LEAVE_COMMENT_MAX, type TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { CharacterCount } from '../../components/CharacterCount';
import { PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { shortfallConflictOf } from '../../lib/coverage-conflict';
import { useDecide } from '../../lib/leave-requests';
import { spanLabel } from '../../lib/leave-request-text';
import type { RefusedApproval } from './ApproveShortfall';

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
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const said = comment.trim() || undefined;
    decide.mutate(
      { id: request.id, action: 'approve', comment: said },
      {
        onSuccess: (after) => {
          toast({ title: after.status === 'approved' ? 'Request approved' : 'Approval recorded', variant: 'success' });
          onDone();
        },
        onError: (err) => {
          const conflict = shortfallConflictOf(err);
          if (!conflict) return setError(messageOf(err, 'The request could not be approved.'));
          onDone();
          onRefused({ id: request.id, label, conflict, comment: said });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1">
        <Label htmlFor="approve-comment">
          Comment for {request.requesterName} <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id="approve-comment"
          rows={3}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby="approve-comment-count approve-comment-error"
        />
        <CharacterCount id="approve-comment-count" length={comment.length} max={LEAVE_COMMENT_MAX} />
        <FieldError id="approve-comment-error" message={error ?? undefined} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <PendingButton variant="outline" onClick={onDone} unavailable={decide.isPending}>
          Cancel
        </PendingButton>
        <PendingButton type="submit" pending={decide.isPending}>
          {decide.isPending ? 'Approving...' : 'Approve'}
        </PendingButton>
      </div>
    </form>
  );
}
