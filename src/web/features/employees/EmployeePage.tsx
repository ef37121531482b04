import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Printer } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageHeader, Spinner } from '../../components/ui/page';
import { api } from '../../lib/api';
import { localDay } from '../../lib/day-label';
import { WEEKDAYS } from '../../lib/weekdays';
import { useContracts } from './contracts-api';
import { useEmployees } from './api';
import { periodText } from './ContractVersions';
import { useTeams } from './teams-api';
import { YearStrip, typeCode } from './YearStrip';
import { exceptionsByDay, typesOf, yearFromSearch } from './person-year';
import { LeaveBalanceSection } from './LeaveBalanceSection';
import { formatDayRange, formatHours } from '../../../shared/format';

const hoursText = formatHours;

/** One person over a year (decision 088): absences as a strip and a list, totals per type, contracts and team. */
export default function EmployeePage() {
  const id = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const year = yearFromSearch(search.get('year'), new Date().getFullYear());
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const employees = useEmployees();
  const teams = useTeams();
  const employee = employees.data?.find((e) => e.id === id);
  const contracts = useContracts(employee ? id : null);
  const exceptions = useQuery({
    queryKey: ['/api/exceptions', from, to, id],
    // One person's year only: a 300-person site's whole year would be thousands of rows read to draw one strip.
    queryFn: () => api('GET /api/exceptions', { query: { startDate: from, endDate: to, employeeId: id } }),
    enabled: !!employee,
  });
  const mine = useMemo(
    () => (exceptions.data ?? []).filter((e) => e.employeeId === id).sort((a, b) => a.startDate.localeCompare(b.startDate)),
    [exceptions.data, id],
  );
  const byDay = useMemo(() => exceptionsByDay(mine, from, to), [mine, from, to]);
  const types = useMemo(() => typesOf(mine), [mine]);
  // Counted on the server by the exceptions report's own rule, so this page and the report always agree (decision 108).
  const totals = useQuery({
    queryKey: ['/api/employees/:id/absence-totals', id, from, to],
    queryFn: () => api('GET /api/employees/:id/absence-totals', { params: { id }, query: { startDate: from, endDate: to } }),
    enabled: !!employee,
  });

  if (employees.isPending) return <Spinner label="Loading..." />;
  if (!employee) {
    return (
      <div>
        <PageHeader title="Employee not found" />
        <p className="text-sm">
          This employee does not exist on this site. <Link to="/employees">Back to Employee Management</Link>
        </p>
      </div>
    );
  }
  const team = teams.data?.find((t) => t.id === employee.teamId);
  const goYear = (y: number) => setSearch({ year: String(y) });

  return (
    <div className="person-page space-y-6">
      <PageHeader
        title={employee.name}
        subtitle={`Team: ${team ? team.name : 'No team'}`}
        actions={
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <Button variant="outline" size="icon" aria-label={`Previous year, ${year - 1}`} onClick={() => goYear(year - 1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </Button>
            <span className="min-w-12 text-center font-medium" aria-live="polite">
              {year}
            </span>
            <Button variant="outline" size="icon" aria-label={`Next year, ${year + 1}`} onClick={() => goYear(year + 1)}>
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden /> Print
            </Button>
          </div>
        }
      />
      <p className="print:hidden">
        <Link to="/employees" className="text-sm text-link underline">
          Back to Employee Management
        </Link>
      </p>

      <section aria-labelledby="strip-heading">
        <h2 id="strip-heading" className="mb-2 text-lg font-semibold">
          Absences in {year}
        </h2>
        {exceptions.isPending ? <Spinner label="Loading..." /> : <YearStrip year={year} byDay={byDay} />}
        {types.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-3 text-sm" aria-label="Key">
            {types.map((t) => (
              <li key={t.reasonId} className="flex items-center gap-1">
                <span className="inline-block w-6 border-b-[5px] text-center text-xs" style={{ borderColor: t.reasonColor }} aria-hidden>
                  {typeCode(t.reasonName)}
                </span>
                {t.reasonName}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="mb-2 text-lg font-semibold">
          Totals in {year}
        </h2>
        {(totals.data?.types.length ?? 0) === 0 ? (
          <p className="text-sm text-muted-foreground">{totals.isPending ? 'Loading...' : `No exceptions in ${year}.`}</p>
        ) : (
          <table className="text-sm" data-testid="person-totals">
            <thead>
              <tr className="text-left">
                <th scope="col" className="pr-6">
                  Type
                </th>
                <th scope="col" className="pr-6 text-right">
                  Days away
                </th>
                <th scope="col" className="text-right">
                  Hours
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.data!.types.map((t) => (
                <tr key={t.reasonId}>
                  <th scope="row" className="pr-6 text-left font-normal">
                    {t.name}
                  </th>
                  <td className="pr-6 text-right">{t.daysAway}</td>
                  <td className="text-right">{t.isAdditive ? `+${hoursText(t.hoursExtra)}` : hoursText(t.hoursAway)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="list-heading">
        <h2 id="list-heading" className="mb-2 text-lg font-semibold">
          Exceptions in {year}
        </h2>
        {mine.length === 0 ? (
          <p className="text-sm text-muted-foreground">No exceptions in {year}.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="person-exceptions">
              <thead>
                <tr className="text-left">
                  <th scope="col" className="pr-4">
                    Dates
                  </th>
                  <th scope="col" className="pr-4">
                    Type
                  </th>
                  <th scope="col" className="pr-4">
                    Hours
                  </th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {mine.map((e) => (
                  <tr key={e.id} className="border-t border-border align-top">
                    <td className="pr-4 whitespace-nowrap">{formatDayRange(e.startDate, e.endDate)}</td>
                    <td className="pr-4">{e.reasonName}</td>
                    <td className="pr-4 whitespace-nowrap">{e.isFullDay || e.hours === null ? 'Full day' : hoursText(e.hours)}</td>
                    <td>{e.notes ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <LeaveBalanceSection employeeId={id} today={localDay()} />

      <section aria-labelledby="contracts-heading">
        <h2 id="contracts-heading" className="mb-2 text-lg font-semibold">
          Contract history
        </h2>
        <ol className="space-y-2 text-sm" aria-label="Contract versions">
          {(contracts.data?.contracts ?? []).map((c) => (
            <li key={c.id} className="rounded-md border border-border p-2">
              <span className="font-semibold">{periodText(c)}</span>
              {c.current ? ' (in force)' : ''}: {WEEKDAYS.map((w) => `${w.short} ${c[w.field]}`).join(', ')}, efficiency {c.efficiency}%
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
