import { useState, type FormEvent } from 'react';
import { LEAVE_COMMENT_MAX, leaveRequestMessages, type TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { CharacterCount } from '../../components/CharacterCount';
import { PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { useDecide } from '../../lib/leave-requests';
import { spanLabel } from '../../lib/leave-request-text';

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
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setError(leaveRequestMessages.commentRequired);
      return;
    }
    decide.mutate(
      { id: request.id, action: 'decline', comment: comment.trim() },
      {
        // Said where a screen reader waits its turn (the toast's polite status), as Approve is.
        onSuccess: () => {
          toast({ title: request.cancellationPending ? 'Cancellation declined' : 'Request declined', variant: 'success' });
          onDone();
        },
        onError: (err) => setError(messageOf(err, 'The request could not be declined.')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1">
        <Label htmlFor="decline-comment">Comment for {request.requesterName}</Label>
        <Textarea
          id="decline-comment"
          rows={3}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby="decline-comment-count decline-comment-error"
        />
        <CharacterCount id="decline-comment-count" length={comment.length} max={LEAVE_COMMENT_MAX} />
        <FieldError id="decline-comment-error" message={error ?? undefined} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <PendingButton variant="outline" onClick={onDone} unavailable={decide.isPending}>
          Cancel
        </PendingButton>
        <PendingButton type="submit" variant="destructive" pending={decide.isPending}>
          {decide.isPending ? 'Declining...' : 'Decline'}
        </PendingButton>
      </div>
    </form>
  );
}
