import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TContract } from '../../../shared/contracts/employee-contracts';
import { Badge } from '../../components/ui/badge';
import { PendingButton } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { contractStart, dayMonthYear } from '../../lib/day-label';
import { WEEKDAYS } from '../../lib/weekdays';
import { EfficiencyBadge } from './EfficiencyBadge';

/** "3 Mar 2026 – 31 Dec 2026", "Start – 2 Mar 2026", "3 Mar 2026 onwards". */
export function periodText(c: Pick<TContract, 'validFrom' | 'validTo'>): string {
  const from = c.validFrom ? dayMonthYear(c.validFrom) : 'Start';
  return c.validTo ? `${from} – ${dayMonthYear(c.validTo)}` : `${from} onwards`;
}

interface ContractVersionsProps {
  contracts: readonly TContract[];
  editingId: number | null;
  busy: boolean;
  onEdit: (c: TContract) => void;
  onDelete: (c: TContract) => void;
  /** The edit form, shown in place of the version being edited. */
  renderEditor: (c: TContract) => ReactNode;
}

/** The versions oldest first: period, efficiency, the seven weekday hours, and which one is in force. */
export function ContractVersions({ contracts, editingId, busy, onEdit, onDelete, renderEditor }: ContractVersionsProps) {
  const only = contracts.length === 1;
  return (
    <ol className="space-y-2" aria-label="Contract versions">
      {contracts.map((c) => (
        <li
          key={c.id}
          data-testid="contract-version"
          className={cn('rounded-md border p-3', c.current ? 'border-primary/60 bg-muted/40' : 'border-border')}
        >
          {editingId === c.id ? (
            renderEditor(c)
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-sm font-semibold">{periodText(c)}</h3>
                {c.current ? <Badge tone="blue">In force</Badge> : null}
                <EfficiencyBadge efficiency={c.efficiency} />
                <div className="ml-auto flex gap-1">
                  <PendingButton
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit the version from ${contractStart(c.validFrom)}`}
                    title="Edit"
                    unavailable={busy}
                    onClick={() => onEdit(c)}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                  </PendingButton>
                  {only ? null : (
                    <PendingButton
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete the version from ${contractStart(c.validFrom)}`}
                      title="Delete"
                      unavailable={busy}
                      onClick={() => onDelete(c)}
                    >
                      <Trash2 className="h-4 w-4 text-destructive" aria-hidden />
                    </PendingButton>
                  )}
                </div>
              </div>
              <dl className="mt-2 grid grid-cols-7 gap-0.5 text-center text-xs sm:gap-1">
                {WEEKDAYS.map(({ field, short, long }) => (
                  <div key={field} className={cn('rounded py-1', c[field] > 0 ? 'bg-muted text-foreground' : 'text-muted-foreground')}>
                    <dt>
                      <abbr title={long} className="no-underline">
                        {short}
                      </abbr>
                    </dt>
                    <dd className="font-medium tabular-nums">{c[field] > 0 ? c[field].toFixed(1) : '-'}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
