import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TPlan } from '../../../shared/contracts/subscriptions';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { featureName, limit, planName, price } from './format';

/** One plan as the plans table describes it: price, limits and features are never written anywhere else. */
export function PlanCard({
  plan,
  current,
  children,
  highlight,
}: {
  plan: TPlan;
  current?: boolean;
  highlight?: boolean;
  children?: ReactNode;
}) {
  return (
    <article
      aria-label={`${planName(plan.name)} plan`}
      className={cn('flex flex-col rounded-lg border bg-card p-4 shadow-sm', highlight || current ? 'border-primary' : 'border-border')}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{planName(plan.name)}</h3>
        {current ? <Badge tone="blue">Current plan</Badge> : null}
      </div>
      <p className="mt-1">
        <span className="text-3xl font-bold">{price(plan.priceMonthly)}</span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
      <p className="text-xs text-muted-foreground">or {price(plan.priceYearly)} a year</p>
      <ul className="mt-3 space-y-1 text-sm">
        <li className="flex gap-2">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
          {limit(plan.maxEmployees, 'employee', 'employees')}
        </li>
        <li className="flex gap-2">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
          {limit(plan.maxSites, 'site', 'sites')}
        </li>
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
            {featureName(f)}
          </li>
        ))}
      </ul>
      {children ? <div className="mt-4 flex flex-1 flex-col justify-end gap-2">{children}</div> : null}
    </article>
  );
}
