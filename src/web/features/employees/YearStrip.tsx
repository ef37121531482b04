import { cn } from '../../lib/cn';
import type { PersonException } from './person-year';
import { yearMonths } from './person-year';
import { MONTH_NAMES } from '../../lib/day-label';
import { formatWeekdayDay } from '../../../shared/format';

/** A short code per type shown in the cell, so a day never relies on its colour alone. */
export const typeCode = (name: string) => name.slice(0, 2);

interface YearStripProps {
  year: number;
  byDay: Map<string, PersonException[]>;
}

/**
 * Twelve months by 31 days. A marked day shows its type's code and a stripe in the type's colour; the
 * tooltip names the type, and the exception list below the strip is the same data as a plain table.
 */
export function YearStrip({ year, byDay }: YearStripProps) {
  return (
    <div className="relative overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label={`Year strip ${year}`}>
      <table
        className="w-full min-w-[44rem] table-fixed border-collapse text-[0.65rem] print:min-w-0"
        aria-label={`Absences in ${year}, by day`}
      >
        <thead>
          <tr>
            <th scope="col" className="w-10 text-left font-medium">
              <span className="sr-only">Month</span>
            </th>
            {Array.from({ length: 31 }, (_, d) => (
              <th key={d} scope="col" className="min-w-5 text-center font-normal text-muted-foreground">
                {d + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {yearMonths(year).map(({ month, days }) => (
            <tr key={month}>
              <th scope="row" className="pr-1 text-left font-medium">
                <abbr title={MONTH_NAMES[month]} className="no-underline">
                  {MONTH_NAMES[month].slice(0, 3)}
                </abbr>
              </th>
              {Array.from({ length: 31 }, (_, d) => {
                const day = days[d];
                if (!day) return <td key={d} className="bg-muted/40" />;
                const list = byDay.get(day) ?? [];
                const first = list[0];
                const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
                return (
                  <td
                    key={d}
                    data-day={day}
                    title={first ? `${formatWeekdayDay(day)}: ${list.map((e) => e.reasonName).join(', ')}` : undefined}
                    className={cn('h-6 border border-border text-center align-middle', weekend && !first && 'bg-muted')}
                    style={first ? { boxShadow: `inset 0 -5px 0 ${first.reasonColor}` } : undefined}
                  >
                    {first ? (
                      <>
                        <span aria-hidden>{typeCode(first.reasonName)}</span>
                        <span className="sr-only">{list.map((e) => e.reasonName).join(', ')}</span>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
