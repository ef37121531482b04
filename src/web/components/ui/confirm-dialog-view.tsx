import { AlertDialog as A } from 'radix-ui';
import { cn } from '../../lib/cn';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmText?: string;
  cancelText?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  /**
   * Where focus goes when the dialog closes, when its opener is gone for good (a deleted row's Delete button):
   * null keeps the usual return to the opener.
   */
  returnFocus?: () => HTMLElement | null;
}

/** The generic confirm dialog of spec §2: title, description, confirm and cancel text, optional destructive style. */
export default function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  description,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  destructive,
  busy,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps & { onCloseAutoFocus: (event: Event) => void }) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <A.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-card p-5 text-foreground shadow-xl"
        >
          <A.Title className="text-lg font-semibold [overflow-wrap:anywhere]">{title}</A.Title>
          <A.Description className="mt-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{description}</A.Description>
          <div className="mt-5 flex justify-end gap-2">
            <A.Cancel className="h-9 rounded-md border border-border bg-card px-4 text-sm font-medium hover:bg-muted">
              {cancelText}
            </A.Cancel>
            {/* aria-disabled, not disabled, while the work runs: a disabled button drops focus to the page (decision 079). */}
            <A.Action
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              onClick={(e) => {
                e.preventDefault();
                if (!busy) onConfirm();
              }}
              className={cn(
                'h-9 rounded-md px-4 text-sm font-medium text-white aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
                destructive ? 'bg-destructive-solid hover:bg-destructive-solid-hover' : 'bg-primary hover:bg-primary-hover',
              )}
            >
              {confirmText}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
