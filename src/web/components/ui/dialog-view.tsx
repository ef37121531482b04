import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="combobox"]';

/**
 * Where focus goes when the dialog opens: its first field, so typing can start at once (decision 079). Radix
 * would take the first tabbable element, the × in the corner. A dialog without fields focuses its first other
 * control, and the × only when it has none. A field a dialog focuses itself (`autoFocus`) keeps focus: Radix
 * leaves focus that is already inside.
 */
function focusFirstField(event: Event) {
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  const shown = (el: HTMLElement) => el.getClientRects().length > 0;
  const field = [...content.querySelectorAll<HTMLElement>(FIELD)].find(shown);
  const control = [...content.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]')].find(
    (el) => shown(el) && !el.hasAttribute('data-dialog-close'),
  );
  const target = field ?? control;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** A modal with a title, an optional description, a body and a footer row of buttons. */
export default function DialogView({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  onCloseAutoFocus,
}: DialogProps & { onCloseAutoFocus: (event: Event) => void }) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <D.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-5 text-foreground shadow-xl',
            className,
          )}
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <D.Title className="text-lg font-semibold [overflow-wrap:anywhere]">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">{description}</D.Description>
              ) : (
                <D.Description className="sr-only">{title}</D.Description>
              )}
            </div>
            <D.Close
              data-dialog-close
              className="rounded p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              aria-label="Close"
            >
              <X className="h-4 w-4" />
            </D.Close>
          </div>
          {children}
          {footer ? <div className="mt-5 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
