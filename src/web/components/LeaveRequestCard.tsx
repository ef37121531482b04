import type { ReactNode } from 'react';
import type { TLeaveRequest } from '../../shared/contracts/leave-requests';
import { Badge } from './ui/badge';
import { amountLabel, eventLabel, spanLabel, statusLabel, statusTone } from '../lib/leave-request-text';

interface LeaveRequestCardProps {
  request: TLeaveRequest;
  /** Approvers see whose request it is; on My time off it goes without saying. */
  showEmployee?: boolean;
  /** A checkbox or other control before the title (bulk selection). */
  leading?: ReactNode;
  /** Buttons under the details. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The id of a request card's heading, which names the request (who, what, when): buttons deciding it point to it. */
export const requestTitleId = (id: number) => `request-${id}-title`;

/** One request: type, status in words, dates, hours, note and who did what when. */
export function LeaveRequestCard({ request: r, showEmployee, leading, actions, children }: LeaveRequestCardProps) {
  const titleId = requestTitleId(r.id);
  return (
    <li aria-labelledby={titleId} className="rounded-lg border border-border bg-card p-3 sm:p-4" data-request-id={r.id}>
      <div className="flex items-start gap-3">
        {leading}
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: r.reasonColor }} aria-hidden />
            <h2 id={titleId} className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
              {showEmployee ? `${r.employeeName}: ${r.reasonName}` : r.reasonName}
              {/* Two requests of one person and type differ by their dates, shown on the next line. */}
              <span className="sr-only"> ({spanLabel(r)})</span>
            </h2>
            <Badge tone={statusTone(r)}>{statusLabel(r)}</Badge>
          </div>
          <p className="text-sm">{spanLabel(r)}</p>
          <p className="text-sm text-muted-foreground">{amountLabel(r)}</p>
          {r.note ? <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-line">“{r.note}”</p> : null}
          {r.history.length ? (
            <ol className="mt-2 space-y-1 border-l-2 border-border pl-3 text-xs text-muted-foreground" aria-label="History">
              {r.history.map((e, i) => (
                <li key={i} className="[overflow-wrap:anywhere]">
                  {eventLabel(e)}
                  {e.comment ? <span className="block text-foreground">“{e.comment}”</span> : null}
                </li>
              ))}
            </ol>
          ) : null}
          {children}
          {actions ? <div className="flex flex-wrap gap-2 pt-2">{actions}</div> : null}
        </div>
      </div>
    </li>
  );
}
