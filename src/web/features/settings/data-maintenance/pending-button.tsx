import { forwardRef } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * A button that ignores clicks while its request runs. aria-disabled, not disabled, as the day-authorise
 * buttons do: a disabled button drops focus to the page and is skipped by screen readers mid-request.
 */
export const PendingButton = forwardRef<HTMLButtonElement, ButtonProps & { pending: boolean }>(function PendingButton(
  { pending, onClick, className, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      {...props}
      aria-disabled={pending || undefined}
      className={cn('aria-disabled:cursor-progress aria-disabled:opacity-70', className)}
      onClick={(e) => {
        if (pending) return;
        onClick?.(e);
      }}
    />
  );
});
