import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** A holiday change the server refused as a change of the past (decision 111): its message, and how to send it again confirmed. */
export interface PastAsk {
  message: string;
  confirm: () => void;
}

/** "Change past hours?", as the contract history and the employee dialogs ask it, with the server's counts. */
export function PastChangeConfirm({ ask, busy, onCancel }: { ask: PastAsk | null; busy: boolean; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open={!!ask}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title="Change past hours?"
      description={ask?.message ?? ''}
      confirmText={busy ? 'Saving...' : 'Confirm'}
      busy={busy}
      onConfirm={() => ask?.confirm()}
    />
  );
}
