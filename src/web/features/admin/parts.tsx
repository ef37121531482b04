import { useId, type ReactNode } from 'react';
import { RoleWordBadges } from '../../components/RoleWordBadges';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/page';
import { formatDateTime as sharedDateTime, formatMomentDay } from '../../../shared/format';

export function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value ?? '–'}</p>
    </div>
  );
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-card">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="overflow-x-auto">{children}</div>
    </section>
  );
}

export function SiteStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Suspended</Badge>;
}

const statusTone = {
  active: 'green',
  trial: 'blue',
  trial_expired: 'amber',
  canceled: 'red',
  cancelled: 'red',
  inactive: 'neutral',
} as const;
export function SubscriptionBadge({ status }: { status: string }) {
  return <Badge tone={statusTone[status as keyof typeof statusTone] ?? 'neutral'}>{status.replace('_', ' ')}</Badge>;
}

/** The role in the spec's words (§6), as User Management shows it: Staff is Staff (decision 116). */
export function UserBadges({ isActive, ...role }: { isAdmin: boolean; isReadOnly: boolean; isStaff: boolean; isActive: boolean }) {
  return (
    <span className="flex flex-wrap gap-1 whitespace-nowrap">
      <RoleWordBadges {...role} />
      {isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
    </span>
  );
}

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <div className="flex items-center justify-end gap-2 border-t border-border px-4 py-2 text-sm">
      <span className="text-muted-foreground">
        Page {page} of {pages} ({total})
      </span>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

/** Loading and error states of a query, with the spec's §8 wording for the failure. */
export function QueryState({ pending, error, label, failed }: { pending: boolean; error: unknown; label: string; failed: string }) {
  if (pending) return <Spinner label={label} />;
  if (error) {
    return (
      <p role="alert" className="px-4 py-6 text-sm text-destructive">
        {failed}
      </p>
    );
  }
  return null;
}

/** "7 Dec 2026", or "Never": the shared formatter's day, in the browser's zone (decision 114). */
export const formatDate = (iso: string | null) => (iso ? formatMomentDay(iso) : 'Never');
/** "7 Dec 2026, 14:05" in the browser's zone. */
export const formatDateTime = (iso: string) => sharedDateTime(iso);
