import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

/** A native checkbox with its label and an optional line of explanation, all one click target. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { id, label, description, disabled, ...props },
  ref,
) {
  return (
    <label
      htmlFor={id}
      className={`flex items-start gap-3 rounded-md border border-border px-3 py-2 ${disabled ? 'cursor-not-allowed bg-muted/50' : 'cursor-pointer hover:bg-muted/60'}`}
    >
      <input
        ref={ref}
        id={id}
        type="checkbox"
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 h-4 w-4 shrink-0 accent-primary disabled:opacity-60"
        {...props}
      />
      <span className="min-w-0 text-sm">
        <span id={`${id}-label`} className="font-medium">
          {label}
        </span>
        {description ? (
          <span id={`${id}-description`} className="block text-xs text-muted-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
});
