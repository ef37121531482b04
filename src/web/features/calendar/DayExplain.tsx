import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { TDayExplain } from '../../../shared/contracts/employee-contracts';
import { Spinner } from '../../components/ui/page';
import { api, messageOf } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useMe } from '../../lib/session';
import { formatHours, MONTH_SHORT, partsOf } from './dates';
import type { CalendarDay } from './model';
import { SHORT_TONE } from './Shortfall';
import { shortLabel } from '../../../shared/domain/coverage-messages';

type Explained = TDayExplain['employees'][number];
type ExplainedException = Explained['exceptions'][number];

/** Hours as the engine holds them: one decimal, or two where a percentage made them finer (7.6 × 95% = 7.22). */
export const lineHours = (h: number) => {
  const hundredths = Math.round(h * 100);
  return hundredths % 10 === 0 ? (hundredths / 100).toFixed(1) : (hundredths / 100).toFixed(2);
};
/** A signed amount with a real minus sign, so "−8.0" reads as minus; nothing moved reads "0.0". */
export const signedHours = (h: number) => (Math.abs(h) < 0.005 ? lineHours(0) : `${h < 0 ? '−' : '+'}${lineHours(Math.abs(h))}`);

/** Why base hours are what they are on this day, in one sentence. */
export function dayRule(d: TDayExplain): string {
  if (d.isPublicHoliday) return `${d.publicHolidayName ?? 'Public holiday'}: a public holiday, so contract hours count as 0.`;
  if (d.isWeekend && !d.isWorkingWeekend) return `The site does not work on ${d.weekday}s, so contract hours count as 0.`;
  if (d.isWorkingWeekend) return `A working weekend: the contracts' ${d.weekday} hours count.`;
  return `Each employee's contract hours for ${d.weekday} at their efficiency, then their exceptions.`;
}

/** "contract from 3 Mar 2026", or "from start" for the version in force from the beginning. */
function startText(validFrom: string | null): string {
  if (!validFrom) return 'start';
  const { year, month, day } = partsOf(validFrom);
  return `${day} ${MONTH_SHORT[month - 1]} ${year}`;
}

export function baseText(e: Explained, d: TDayExplain): string {
  if (!e.contract) return 'Not employed on this day';
  const from = `Contract from ${startText(e.contract.validFrom)}`;
  if (!d.isWorkingDay) return `${from}: ${d.isPublicHoliday ? 'public holiday' : 'non-working weekend'}`;
  return `${from}: ${lineHours(e.contract.weekdayHours)} h × ${e.contract.efficiency}%`;
}

export function exceptionText(x: ExplainedException): string {
  const how = x.source === 'contract' ? 'full day: contract hours' : x.isFullDay ? 'full day: own hours' : 'own hours';
  return `${x.reasonName} (${x.isAdditive ? 'adds' : 'takes off'}, ${how})`;
}

/**
 * "How these hours are made": per employee, contract hours × efficiency, each exception's signed amount and
 * the floor at 0, then the day's total, the number the calendar shows (decision 076). Fetched when opened.
 */
export default function DayExplain({ day }: { day: CalendarDay }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Each person's contract hours are not for Staff (decision 091); checked here, in the lazy chunk, not in the day view.
  const staff = useMe().data?.user.isStaff;
  if (staff) return null;
  return (
    <section aria-labelledby={`${panelId}-title`} className="rounded-lg border border-border bg-card p-4 lg:col-span-2">
      <h2 id={`${panelId}-title`} className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex items-center gap-1 rounded text-left hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <ChevronRight className={cn('h-4 w-4 shrink-0 transition-transform', open && 'rotate-90')} aria-hidden />
          How these hours are made
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {open ? <ExplainBody date={day.date} shown={day.availableHours} /> : null}
      </div>
    </section>
  );
}

function ExplainBody({ date, shown }: { date: string; shown: number | null }) {
  // The calendar's number is part of the key: when it changes (an exception, a contract), so does the explanation.
  const q = useQuery({
    queryKey: ['/api/day-explain', date, shown],
    queryFn: () => api('GET /api/day-explain', { query: { date } }),
  });
  if (q.isPending) return <Spinner label="Loading the explanation..." />;
  if (q.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-destructive">
        {`Could not load the explanation: ${messageOf(q.error, 'Unknown error')}`}
      </p>
    );
  const d = q.data;
  const people = d.employees.filter((e) => e.baseHours !== 0 || e.exceptions.length > 0);
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p className="text-muted-foreground">{dayRule(d)}</p>
      <table className="w-full max-w-2xl border-collapse" data-testid="day-explain">
        <caption className="sr-only">How the hours of this day are made</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Hours
            </th>
          </tr>
        </thead>
        {people.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={2} className="py-2 text-muted-foreground">
                No employee has hours or exceptions on this day.
              </td>
            </tr>
          </tbody>
        ) : (
          people.map((e) => <EmployeeRows key={e.employeeId} e={e} d={d} />)
        )}
        <tfoot className="border-t-2 border-border">
          <tr>
            <th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">
              Contract hours without exceptions
            </th>
            <td className="py-1 text-right tabular-nums">{formatHours(d.defaultHours)}</td>
          </tr>
          <tr className="font-semibold">
            <th scope="row" className="py-1 pr-2 text-left">
              Day total, to one decimal
            </th>
            <td className="py-1 text-right tabular-nums" data-testid="explain-total">
              {formatHours(d.availableHours)}
            </td>
          </tr>
          {d.source === 'stored' ? (
            <tr className="font-semibold">
              <th scope="row" className="py-1 pr-2 text-left">
                Shown: the hours stored for this past day
              </th>
              <td className="py-1 text-right tabular-nums" data-testid="explain-shown">
                {formatHours(d.shownHours)}
              </td>
            </tr>
          ) : null}
          {d.requiredHours !== null ? (
            <tr>
              <th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">
                Required: the site's minimum for this day
              </th>
              <td className="py-1 text-right tabular-nums" data-testid="explain-required">
                {formatHours(d.requiredHours)}
              </td>
            </tr>
          ) : null}
          {d.shortHours > 0 ? (
            <tr className={cn('font-semibold', SHORT_TONE)}>
              <th scope="row" className="py-1 pr-2 text-left">
                {`${shortLabel(d.shortHours)}: the hours shown are under the minimum`}
              </th>
              <td className="py-1 text-right tabular-nums" data-testid="explain-short">
                {signedHours(-d.shortHours)}
              </td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </div>
  );
}

function EmployeeRows({ e, d }: { e: Explained; d: TDayExplain }) {
  return (
    <tbody className="border-t border-border" data-testid="explain-employee" data-adjusted={e.adjustedHours}>
      <tr>
        <th scope="rowgroup" colSpan={2} className="pt-2 text-left font-semibold [overflow-wrap:anywhere]">
          {e.name}
        </th>
      </tr>
      <tr>
        <td className="py-0.5 pr-2 pl-3 text-muted-foreground">{baseText(e, d)}</td>
        <td className="py-0.5 text-right tabular-nums">{lineHours(e.baseHours)}</td>
      </tr>
      {e.exceptions.map((x) => (
        <tr key={x.id}>
          <td className="py-0.5 pr-2 pl-3 [overflow-wrap:anywhere]">{exceptionText(x)}</td>
          <td className={cn('py-0.5 text-right tabular-nums', x.amount < 0 && 'text-destructive')}>{signedHours(x.amount)}</td>
        </tr>
      ))}
      {e.floored ? (
        <tr>
          <td className="py-0.5 pr-2 pl-3 text-muted-foreground">{`The sum, ${signedHours(e.sumHours)}, is below 0: it counts as 0`}</td>
          <td className="py-0.5 text-right tabular-nums">{signedHours(-e.sumHours)}</td>
        </tr>
      ) : null}
      <tr className="font-medium">
        <td className="py-0.5 pr-2 pl-3">{`${e.name} adds`}</td>
        <td className="py-0.5 text-right tabular-nums" data-testid="explain-adjusted">
          {lineHours(e.adjustedHours)}
        </td>
      </tr>
    </tbody>
  );
}
