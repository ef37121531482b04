import { ShortfallDialog } from '../../components/coverage/ShortfallPanel';
import { toast, toastError } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { shortfallConflictOf } from '../../lib/coverage-conflict';
import { useDecide } from '../../lib/leave-requests';
import type { TShortfallConflict } from '../../../shared/contracts/coverage';

export interface RefusedApproval {
  id: number;
  label: string;
  conflict: TShortfallConflict;
  /** A comment written before the server refused, sent again with the reason. */
  comment?: string;
}

/**
 * An approval the server refused because it leaves the site short (decision 098): the days, and Approve anyway
 * with a reason. The approver cannot move someone's request, so the assistant is not offered here; the
 * requester sees it when they ask.
 */
export function ApproveShortfall({
  refused,
  onRefused,
  onClose,
  onApproved,
}: {
  refused: RefusedApproval;
  onRefused: (next: RefusedApproval) => void;
  onClose: () => void;
  onApproved: (id: number) => void;
}) {
  const decide = useDecide();
  return (
    <ShortfallDialog
      title="Approve request"
      description={refused.label}
      conflict={refused.conflict}
      onConfirm={(reason) =>
        decide.mutate(
          { id: refused.id, action: 'approve', reason, comment: refused.comment },
          {
            onSuccess: (after) => {
              toast({ title: after.status === 'approved' ? 'Request approved' : 'Approval recorded', variant: 'success' });
              onApproved(refused.id);
              onClose();
            },
            onError: (err) => {
              const conflict = shortfallConflictOf(err);
              if (conflict) onRefused({ ...refused, conflict });
              else toastError(messageOf(err, 'The request could not be approved.'));
            },
          },
        )
      }
      onBack={onClose}
      busy={decide.isPending}
    />
  );
}
