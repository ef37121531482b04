import { forwardRef, type ButtonHTMLAttributes, type Ref } from 'react';
import { cn } from '../../lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'outline';
type Size = 'sm' | 'md' | 'icon';

const variants: Record<Variant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-muted text-foreground hover:bg-muted/70',
  outline: 'border border-border bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive-solid text-white hover:bg-destructive-solid-hover',
};
const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-9 px-4 text-sm',
  icon: 'h-8 w-8 justify-center',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});

export interface PendingButtonProps extends Omit<ButtonProps, 'disabled'> {
  ref?: Ref<HTMLButtonElement>;
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
 * so the form is not sent twice (decision 079). Lint refuses `disabled={…pending…}` on a button. It lives
 * beside Button so every route that has one gets both without another chunk.
 */
export function PendingButton({ pending = false, unavailable = false, onClick, ...props }: PendingButtonProps) {
  const off = pending || unavailable;
  return (
    <Button
      {...props}
      aria-disabled={off || undefined}
      aria-busy={pending || undefined}
      onClick={(e) => {
        // preventDefault stops a submit button's default action: the form's submit event never fires.
        if (off) e.preventDefault();
        else onClick?.(e);
      }}
    />
  );
}
