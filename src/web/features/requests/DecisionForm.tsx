import { useState, type FormEvent, type ReactNode } from 'react';
import { LEAVE_COMMENT_MAX, type TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { CharacterCount } from '../../components/CharacterCount';
import { PendingButton } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';

/**
 * The form of an approver's decision, Approve or Decline: a comment for the requester (required to decline, as the
 * server also insists) and the deciding button. `onSubmit` gets the trimmed comment and reports a refusal back
 * through `fail`.
 */
export function DecisionForm({
  id,
  request,
  optional,
  busy,
  submitLabel,
  destructive,
  onCancel,
  onSubmit,
  check,
}: {
  id: string;
  request: TLeaveRequest;
  optional?: boolean;
  busy: boolean;
  submitLabel: ReactNode;
  destructive?: boolean;
  onCancel: () => void;
  onSubmit: (comment: string, fail: (message: string) => void) => void;
  /** A problem to show instead of sending (the empty comment of a decline). */
  check?: (comment: string) => string | null;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const said = comment.trim();
    const problem = check?.(said) ?? null;
    if (problem) return setError(problem);
    onSubmit(said, setError);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1">
        <Label htmlFor={id}>
          Comment for {request.requesterName}
          {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
        </Label>
        <Textarea
          id={id}
          rows={3}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count ${id}-error`}
        />
        <CharacterCount id={`${id}-count`} length={comment.length} max={LEAVE_COMMENT_MAX} />
        <FieldError id={`${id}-error`} message={error ?? undefined} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <PendingButton variant="outline" onClick={onCancel} unavailable={busy}>
          Cancel
        </PendingButton>
        <PendingButton type="submit" variant={destructive ? 'destructive' : undefined} pending={busy}>
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
