import { forwardRef, type MouseEvent } from 'react';
import { Button, type ButtonProps } from './button';

export interface PendingButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** The button's work is running (a mutation, a submit): a second press does nothing. */
  pending?: boolean;
  /**
   * Unavailable for another reason (nothing changed, a field missing, another button's work running): shown
   * and guarded like `pending`, without `aria-busy`.
   */
  unavailable?: boolean;
}

/**
 * A button whose press starts work that runs for a while. It is never `disabled`: a focused button that turns
 * disabled drops focus to the page (decision 043), and the same button often turns unavailable when the work
 * ends (a saved form has nothing left to save). While pending or unavailable it is `aria-disabled`, looks
 * dimmed, and swallows the press, including the click a browser sends to a form's submit button on Enter,
 * so the form is not sent twice (decision 079). Lint refuses `disabled={…pending…}` on a button.
 */
export const PendingButton = forwardRef<HTMLButtonElement, PendingButtonProps>(function PendingButton(
  { pending = false, unavailable = false, onClick, ...props },
  ref,
) {
  const off = pending || unavailable;
  return (
    <Button
      ref={ref}
      {...props}
      aria-disabled={off || undefined}
      aria-busy={pending || undefined}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        if (off) {
          // Stops a submit button's default action: the form's submit event never fires.
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
});
