import type { TForecastSite } from '../../../shared/contracts/coverage-forecast';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { dayLabel, hours } from './forecast-view';

/** The chart's numbers as a table (decision 100): what a screen reader reads, and what anyone can check. */
export function ForecastTable({ site, dates }: { site: TForecastSite; dates: readonly string[] }) {
  return (
    // A figure never breaks between its number and "h" (a big site's "2400.0 h", decision 115): the table scrolls instead.
    <Table className="[&_td]:px-2 [&_td]:whitespace-nowrap [&_th]:px-2" aria-label={`Capacity of ${site.name}, by day`}>
      <caption className="sr-only">Capacity of {site.name}, by day</caption>
      <THead>
        <Tr>
          <Th scope="col">Day</Th>
          <Th scope="col" className="text-right">
            Available
          </Th>
          <Th scope="col" className="text-right">
            Required
          </Th>
          <Th scope="col" className="text-right">
            Default
          </Th>
          <Th scope="col" className="text-right">
            If approved
          </Th>
          <Th scope="col">Status</Th>
        </Tr>
      </THead>
      <TBody>
        {dates.map((date, i) => {
          const required = site.requiredHours[i];
          const short = site.shortHours[i];
          const holiday = site.holiday[i];
          return (
            <Tr key={date} data-date={date}>
              <Th scope="row" className="text-left font-normal">
                {dayLabel(date)}
              </Th>
              <Td className="text-right tabular-nums">{hours(site.availableHours[i])}</Td>
              <Td className="text-right tabular-nums">{required === null ? '–' : hours(required)}</Td>
              <Td className="text-right tabular-nums">{hours(site.defaultHours[i])}</Td>
              <Td className="text-right tabular-nums">{hours(site.ifApprovedHours[i])}</Td>
              <Td className="whitespace-nowrap">
                {short > 0 ? (
                  <span className="font-medium text-destructive">
                    <span aria-hidden>▲ </span>Short {hours(short)}
                  </span>
                ) : null}
                {short > 0 && holiday ? ' · ' : null}
                {holiday ? <span>H {holiday}</span> : null}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
