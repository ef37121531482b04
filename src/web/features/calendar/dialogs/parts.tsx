import { AlertTriangle } from 'lucide-react';
import { Switch } from 'radix-ui';
import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

/** The dialogs' native select, styled like Input. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn(
        'h-9 w-full rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
});

interface ToggleProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  description?: ReactNode;
}

/** A labelled switch (Full Day). */
export function Toggle({ id, label, checked, onChange, disabled, description }: ToggleProps) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-md border border-border px-3 py-2">
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={description ? `${id}-description` : undefined}
        className="relative mt-0.5 inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-transparent bg-muted-foreground/40 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-4" />
      </Switch.Root>
    </div>
  );
}

/** Spec §4: an additive type on the employee's zero-hour weekday. */
export function ManualHoursNotice({ employeeName, weekday }: { employeeName: string; weekday: string }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        <span className="font-semibold">Manual hours required</span>
        <span className="block text-xs">
          {employeeName} has no regular hours on {weekday}s, so enter the hours this adds.
        </span>
      </span>
    </p>
  );
}

/** A colour dot and name, with whether the type adds or reduces hours. */
export function ReasonChip({ name, color, isAdditive }: { name: string; color: string; isAdditive: boolean }) {
  return (
    <span className="flex h-9 items-center gap-2 rounded-md border border-border bg-muted/40 px-3 text-sm">
      <span className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden />
      <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
      <span className="text-xs text-muted-foreground">{isAdditive ? 'Adds hours' : 'Reduces hours'}</span>
    </span>
  );
}
