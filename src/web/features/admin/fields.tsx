import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A native select styled like the inputs: the portal's enum fields. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn(
        'h-9 w-full rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
});

export function Check({
  id,
  label,
  ...props
}: { id: string; label: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm">
      <input id={id} type="checkbox" className="h-4 w-4 accent-primary" {...props} />
      {label}
    </label>
  );
}

export const labels = {
  subscriptionStatus: {
    trial: 'Trial',
    active: 'Active',
    trial_expired: 'Trial expired',
    canceled: 'Canceled',
    inactive: 'Inactive',
    cancelled: 'Cancelled',
  },
  planType: { starter: 'Starter', professional: 'Professional', enterprise: 'Enterprise', beta: 'Beta' },
  billingModel: { self_service: 'Self service', enterprise_managed: 'Enterprise managed' },
} as const;
