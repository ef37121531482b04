import type { TBalanceRow } from '../../../shared/contracts/balances';
import { useBalances } from '../../lib/balances';

/** Hours to one decimal with their unit; below zero also says so in words, so colour is not the only cue. */
export function remainingText(row: Pick<TBalanceRow, 'remaining' | 'days'>): string {
  const days = row.days ? ` · ${row.days.remaining.toFixed(1)} d` : '';
  return `${row.remaining.toFixed(1)} h${days}${row.remaining < 0 ? ' (over)' : ''}`;
}

/**
 * Employee Management's "Leave left" cell (decision 095): this leave year's remaining hours, and days for a days
 * policy. Every cell reads the one balances query, so the page makes one request, after its first paint.
 */
export default function RemainingCell({ employeeId }: { employeeId: number }) {
  const balances = useBalances();
  if (balances.isPending) return <span className="text-muted-foreground">…</span>;
  if (balances.isError) return <span className="text-muted-foreground">Not available</span>;
  if (balances.data === null) return <span className="text-muted-foreground">No policy</span>;
  const row = balances.data.rows.find((r) => r.employeeId === employeeId);
  if (!row) return null;
  return (
    <span
      className={row.remaining < 0 ? 'font-medium whitespace-nowrap text-destructive tabular-nums' : 'whitespace-nowrap tabular-nums'}
      title={`Leave year ${balances.data.year}: ${row.remaining.toFixed(1)} hours left, ${row.pending.toFixed(1)} pending`}
      data-testid="remaining-cell"
    >
      {remainingText(row)}
    </span>
  );
}
