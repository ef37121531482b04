import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { TShortfallConflict } from '../../../shared/contracts/coverage';
import { coverageMessages, shortfallLine } from '../../../shared/domain/coverage-messages';
import { api } from '../../lib/api';
import { Button, PendingButton } from '../ui/button';
import { FieldError, Label, Textarea } from '../ui/input';
import { effectLine, rangeLabel, suggestionLine, type CoverageSuggestion } from './suggestion-text';

/** The change the assistant looks for other dates for: the refused body's own fields. */
export interface SuggestQuery {
  employeeId: number;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  reasonId: number;
  /** When an existing exception moves: left out of the "before", so it does not count twice. */
  exceptionId?: number;
}

export interface ShortfallConfirmProps {
  conflict: TShortfallConflict;
  /** Ask the assistant for nearby dates; left out where the dates are not the user's to change (an approval). */
  suggest?: SuggestQuery;
  /** One click on a suggestion: the change moves there. */
  onMove?: (range: { startDate: string; endDate: string }) => void;
  /** Save anyway, with the reason recorded with the change. */
  onConfirm: (reason: string) => void;
  onBack: () => void;
  busy: boolean;
  /** Focus moves to the panel's heading when it appears (the panel replaced the button that had it). */
  takeFocus?: boolean;
}

const REASON_MAX = 500;

/**
 * The warning before a change that leaves the site short (issue 38, decisions 096 and 098): what each day drops
 * to, up to three nearby dates of the same length that keep every day covered, and "Save anyway" with a reason.
 * A chunk of its own: only a refused save loads it.
 */
export default function ShortfallConfirm({ conflict, suggest, onMove, onConfirm, onBack, busy, takeFocus }: ShortfallConfirmProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);

  const confirm = () => {
    const text = reason.trim();
    if (!text) return setError(coverageMessages.reasonRequired);
    if (text.length > REASON_MAX) return setError(`Reason must be at most ${REASON_MAX} characters`);
    onConfirm(text);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border border-amber-500/60 bg-amber-50 p-3 dark:bg-amber-950/40 text-sm text-foreground sm:col-span-2"
      data-testid="shortfall-warning"
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold focus-visible:outline-2 focus-visible:outline-ring">
        This leaves the site short
      </h3>
      <div role="alert">
        <ul className="list-disc space-y-0.5 pl-5">
          {conflict.shortfalls.map((d) => (
            <li key={d.date}>{shortfallLine(d)}</li>
          ))}
        </ul>
      </div>
      {suggest && onMove ? <Suggestions query={suggest} onMove={onMove} /> : null}
      <div className="space-y-1">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          maxLength={REASON_MAX}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(undefined);
          }}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-reason-hint ${id}-reason-error`}
        />
        <p id={`${id}-reason-hint`} className="text-xs text-muted-foreground">
          Saved with the change, for whoever reviews the shortfall.
        </p>
        <FieldError id={`${id}-reason-error`} message={error} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <PendingButton variant="outline" onClick={onBack} unavailable={busy}>
          Back
        </PendingButton>
        <PendingButton variant="destructive" pending={busy} onClick={confirm}>
          {busy ? 'Saving...' : 'Save anyway'}
        </PendingButton>
      </div>
    </section>
  );
}

function Suggestions({ query, onMove }: { query: SuggestQuery; onMove: NonNullable<ShortfallConfirmProps['onMove']> }) {
  const id = useId();
  const q = { ...query, isFullDay: query.isFullDay ? ('true' as const) : ('false' as const), hours: query.hours ?? undefined };
  const found = useQuery({
    queryKey: ['/api/coverage/suggest', q],
    queryFn: () => api('GET /api/coverage/suggest', { query: q }),
    staleTime: 0,
  });
  const list: readonly CoverageSuggestion[] = found.data?.suggestions ?? [];
  return (
    <div className="space-y-2" aria-labelledby={`${id}-title`} role="group" aria-busy={found.isPending || undefined}>
      <h4 id={`${id}-title`} className="font-medium">
        Nearby dates that keep every day covered
      </h4>
      <div aria-live="polite">
        {found.isPending ? (
          <p className="text-muted-foreground">Looking for nearby dates...</p>
        ) : found.isError ? (
          <p className="text-muted-foreground">Nearby dates could not be looked up.</p>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground">No nearby dates of the same length keep every day covered.</p>
        ) : (
          <ul className="space-y-2">
            {list.map((s) => (
              <li key={s.startDate} className="rounded-md border border-border bg-card p-2">
                <p>{suggestionLine(s)}</p>
                <ul className="mt-1 text-xs text-muted-foreground">
                  {s.effect.map((e) => (
                    <li key={e.date}>{effectLine(e)}</li>
                  ))}
                </ul>
                <Button size="sm" variant="outline" className="mt-2" onClick={() => onMove({ startDate: s.startDate, endDate: s.endDate })}>
                  Move to {rangeLabel(s.startDate, s.endDate)}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
