import { AlertTriangle } from 'lucide-react';
import type { TShortfallDay } from '../../../shared/contracts/coverage';
import { shortfallLine } from '../../../shared/domain/coverage-messages';

/**
 * On a waiting request that would leave the site short if approved (decision 113): the days in words, weighed when
 * the list was read. The requester was not asked about it; the approver is, with a reason, when approving.
 */
export function ShortfallWarning({ days }: { days: readonly TShortfallDay[] }) {
  if (days.length === 0) return null;
  return (
    <div
      role="note"
      data-testid="request-shortfall"
      className="mt-2 flex items-start gap-2 rounded-md border border-amber-500/60 bg-amber-50 px-3 py-2 text-sm text-foreground dark:bg-amber-950/40"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-0.5 [overflow-wrap:anywhere]">
        <p className="font-medium">Approving this leaves the site short of its minimum hours. You will be asked for a reason.</p>
        <ul className="list-disc pl-4">
          {days.map((d) => (
            <li key={d.date}>{shortfallLine(d)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
