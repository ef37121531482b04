import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { MONTH_NAMES, partsOf } from '../dates';
import type { CalendarDay } from '../model';
import { useAuthoriseDays } from './hooks';

/**
 * The days "Authorise All" and "Authorise {month}" take: the changed days of the view (the rule, with
 * today, decided `isChanged`); in month view only the month's own days, not the faded ones around it.
 */
export function datesToAuthorise(days: readonly Pick<CalendarDay, 'date' | 'isChanged' | 'isCurrentMonth'>[]): string[] {
  return days.filter((d) => d.isChanged && d.isCurrentMonth).map((d) => d.date);
}

export const authoriseLabel = (view: 'month' | 'week', date: string) =>
  view === 'week' ? 'Authorise All' : `Authorise ${MONTH_NAMES[partsOf(date).month - 1]}`;

interface AuthoriseViewButtonProps {
  view: 'month' | 'week';
  /** The viewed date (its month names the month view's button). */
  date: string;
  days: readonly CalendarDay[];
}

/** Spec §2: "Authorise All" in week view, "Authorise {month name}" in month view. */
export function AuthoriseViewButton({ view, date, days }: AuthoriseViewButtonProps) {
  const { authorise, isPending } = useAuthoriseDays();
  const dates = datesToAuthorise(days);
  const waiting = dates.length;
  return (
    <Button
      variant="outline"
      size="sm"
      // aria-disabled keeps focus on the button while the request runs (disabled would drop it to the page).
      onClick={() => !isPending && authorise(dates)}
      aria-disabled={isPending || undefined}
      title={waiting ? `${waiting} ${waiting === 1 ? 'day needs' : 'days need'} authorisation` : 'Every day in this view is authorised'}
    >
      <span className="relative">
        <ShieldCheck className="h-4 w-4" aria-hidden />
        {waiting ? <span className="absolute -top-0.5 -right-0.5 h-2 w-2 rounded-full bg-amber-500 ring-2 ring-card" aria-hidden /> : null}
      </span>
      {authoriseLabel(view, date)}
    </Button>
  );
}
