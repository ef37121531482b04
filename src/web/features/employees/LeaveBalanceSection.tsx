import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PendingButton } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { api, ApiError, messageOf } from '../../lib/api';
import { leaveYear } from '../../../shared/domain/leave-year';
import { balancesKey, useBalances, usePolicy } from '../../lib/balances';
import { dayMonthYear } from '../../lib/day-label';
import { useIsAdmin } from '../../lib/session';

const h = (n: number) => `${n.toFixed(1)} h`;
const adjustmentsKey = (id: number) => ['/api/employees', id, 'balance-adjustments'] as const;

/**
 * The person's leave balance this leave year (decision 095), and for admins the manual adjustments with who
 * made each, when and why, and a form to add one.
 */
export function LeaveBalanceSection({ employeeId, today }: { employeeId: number; today: string }) {
  const isAdmin = useIsAdmin();
  const balances = useBalances();
  const b = balances.data;
  const row = b?.rows.find((r) => r.employeeId === employeeId);
  const figures: Array<[string, string]> = row
    ? [
        ['Entitlement', h(row.entitlement)],
        ['Earned so far', h(row.accrued)],
        ['Carried over', h(row.carriedOver)],
        ['Expired', h(row.expired)],
        ['Taken', h(row.taken)],
        ['Booked', h(row.booked)],
        ['Pending', h(row.pending)],
        ['Adjustments', h(row.adjustments)],
        [
          'Left',
          `${h(row.remaining)}${row.days ? ` (${row.days.remaining.toFixed(1)} days)` : ''}${row.remaining < 0 ? ', over the allowance' : ''}`,
        ],
      ]
    : [];
  return (
    <section aria-labelledby="balance-heading">
      <h2 id="balance-heading" className="mb-2 text-lg font-semibold">
        Leave balance{b ? ` ${b.yearStart.slice(0, 4) === b.yearEnd.slice(0, 4) ? b.year : `${b.year}–${b.year + 1}`}` : ''}
      </h2>
      {balances.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the balance...</p>
      ) : b === null ? (
        <p className="text-sm text-muted-foreground">No allowance policy on this site: an admin sets one in Settings.</p>
      ) : !row ? (
        <p className="text-sm text-muted-foreground">The balance could not be loaded.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5" data-testid="balance-figures">
          {figures.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2 border-b border-border py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {isAdmin ? <Adjustments employeeId={employeeId} today={today} /> : null}
    </section>
  );
}

/** The adjustments made, and the form to add one only where a policy counts it (decision 116). */
function Adjustments({ employeeId, today }: { employeeId: number; today: string }) {
  const qc = useQueryClient();
  const policy = usePolicy();
  const current = policy.data?.policy;
  // The first day the policy counts: an adjustment dated before it would change nothing.
  const firstDay = current ? leaveYear(current.firstLeaveYear, current.yearStartMonth).start : undefined;
  const list = useQuery({
    queryKey: adjustmentsKey(employeeId),
    queryFn: () => api('GET /api/employees/:id/balance-adjustments', { params: { id: employeeId } }),
  });
  const [date, setDate] = useState(today);
  const [hours, setHours] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () =>
      api('POST /api/employees/:id/balance-adjustments', {
        params: { id: employeeId },
        body: { date, hours: hours.trim() === '' ? Number.NaN : Number(hours), reason },
      }),
    onSuccess: async () => {
      setHours('');
      setReason('');
      setProblem(null);
      toast({ title: 'Adjustment recorded', variant: 'success' });
      await Promise.all([qc.invalidateQueries({ queryKey: adjustmentsKey(employeeId) }), qc.invalidateQueries({ queryKey: balancesKey })]);
    },
    onError: (err) => setProblem(err instanceof ApiError ? err.message : messageOf(err, 'The adjustment could not be recorded.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!add.isPending) add.mutate();
  };
  return (
    <div className="mt-4 space-y-3">
      <h3 className="text-base font-semibold">Adjustments</h3>
      {(list.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">{list.isPending ? 'Loading...' : 'No adjustments.'}</p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label="Adjustments">
          {(list.data ?? []).map((a) => (
            <li key={a.id} className="rounded-md border border-border p-2">
              <span className="font-medium tabular-nums">{a.hours > 0 ? `+${h(a.hours)}` : h(a.hours)}</span> on {dayMonthYear(a.date)}:{' '}
              {a.reason}{' '}
              <span className="text-muted-foreground">
                ({a.createdByName}, {dayMonthYear(a.createdAt.slice(0, 10))})
              </span>
            </li>
          ))}
        </ul>
      )}
      {policy.isPending ? null : !current ? (
        <p className="text-sm text-muted-foreground print:hidden">
          Adjustments count against an allowance policy, and this site has none yet: an admin sets one in Settings → Leave Allowance.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[10rem_8rem_1fr_auto] sm:items-end print:hidden">
          <div className="space-y-1">
            <Label htmlFor="adjustment-date">Date</Label>
            <Input id="adjustment-date" type="date" min={firstDay} value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="adjustment-hours">Hours (+/−)</Label>
            <Input
              id="adjustment-hours"
              type="number"
              inputMode="decimal"
              step={0.1}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="adjustment-reason">Reason</Label>
            <Input
              id="adjustment-reason"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-describedby="adjustment-error"
            />
          </div>
          <PendingButton type="submit" pending={add.isPending}>
            Add adjustment
          </PendingButton>
          <div className="sm:col-span-4">
            <FieldError id="adjustment-error" message={problem ?? undefined} />
          </div>
        </form>
      )}
    </div>
  );
}
