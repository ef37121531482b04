import { History, MailPlus, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { TEmployee } from '../../../shared/contracts/employees';
import { Button } from '../../components/ui/button';
import { EmptyRow, RowActions, stickyActions, stickyActionsHead, Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { contractStart, dayMonthYear } from '../../lib/day-label';
import { WEEKDAYS } from '../../lib/weekdays';
import { EfficiencyBadge } from './EfficiencyBadge';
import { MoveButtons } from '../../components/ui/move-buttons';
import { teamText } from './messages';

/** The balance column loads with its own chunk and query, after the list (the page's first load stays in budget). */
const RemainingCell = lazy(() => import('../../components/balances/RemainingCell'));

/** Hours to one decimal, or a dash for a day off (spec §2, §9). */
const scheduleCell = (h: number) => (h > 0 ? h.toFixed(1) : '-');

const scheduleGrid = 'grid grid-cols-[repeat(7,2.25rem)] gap-1 sm:grid-cols-[repeat(7,2.75rem)]';
/**
 * Names up to 100 characters wrap inside a bounded column instead of widening the table (which pushed
 * Actions out of view at 1280 px and let the sticky column cover Efficiency on phones).
 */
const longName = 'min-w-32 max-w-40 font-medium break-words [overflow-wrap:anywhere] sm:max-w-72';
/** The name stays in view while a narrow window scrolls the schedule sideways. */
const stickyName = 'sticky left-0 z-10 bg-card max-sm:border-r max-sm:border-border';

interface EmployeeTableProps {
  employees: TEmployee[];
  /** Team names by id (decision 085); an employee without one shows "No team". */
  teamNames: ReadonlyMap<number, string>;
  emptyText: string;
  canEdit: boolean;
  showReorder: boolean;
  reordering: boolean;
  onMove: (employee: TEmployee, direction: 'up' | 'down') => void;
  onEdit: (employee: TEmployee) => void;
  onHistory: (employee: TEmployee) => void;
  onDelete: (employee: TEmployee) => void;
  /** Admins only (decision 091): invite an employee who has no sign-in yet. */
  onInvite?: (employee: TEmployee) => void;
}

/** Where today's hours come from (decision 076): the version in force since when, and the last day employed. */
function ContractCell({ employee: e }: { employee: TEmployee }) {
  return (
    <div className="text-xs whitespace-nowrap" data-testid="contract-cell">
      <div>Since {contractStart(e.contractFrom ?? null)}</div>
      {e.endDate ? <div className="text-muted-foreground">Leaves {dayMonthYear(e.endDate)}</div> : null}
    </div>
  );
}

function Schedule({ employee }: { employee: TEmployee }) {
  return (
    <div className={scheduleGrid}>
      {WEEKDAYS.map(({ field, long }) => {
        const hours = employee[field];
        return (
          <div
            key={field}
            data-day={long.toLowerCase()}
            title={`${long}: ${hours > 0 ? `${hours.toFixed(1)} hours` : 'not working'}`}
            className={cn(
              // relative: keeps the sr-only day name inside the scrolling table
              'relative rounded py-1 text-center text-xs tabular-nums',
              hours > 0 ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            <span className="sr-only">{long} </span>
            {scheduleCell(hours)}
          </div>
        );
      })}
    </div>
  );
}

export function EmployeeTable({
  employees,
  teamNames,
  emptyText,
  canEdit,
  showReorder,
  reordering,
  onMove,
  onEdit,
  onHistory,
  onDelete,
  onInvite,
}: EmployeeTableProps) {
  const columns = canEdit ? 7 : 6;
  return (
    <Table aria-label="Employees">
      <THead>
        <Tr>
          <Th className={cn(stickyName, 'align-bottom before:absolute before:inset-0 before:bg-muted/60')}>
            <span className="relative">Name</span>
          </Th>
          <Th className="align-bottom">{teamText.column}</Th>
          <Th className="align-bottom">Sign-in</Th>
          <Th className="align-bottom">Efficiency</Th>
          <Th>
            <div>Working Schedule</div>
            <div className={cn(scheduleGrid, 'mt-1 text-center text-xs font-normal')} aria-hidden>
              {WEEKDAYS.map((d) => (
                <span key={d.short}>{d.short}</span>
              ))}
            </div>
          </Th>
          <Th className="align-bottom">Contract</Th>
          <Th className="align-bottom whitespace-nowrap">Leave left</Th>
          {canEdit ? (
            <Th className={cn(stickyActionsHead, 'align-bottom')}>
              <span className="relative">Actions</span>
            </Th>
          ) : null}
        </Tr>
      </THead>
      <TBody>
        {employees.length === 0 ? (
          <EmptyRow colSpan={columns} text={emptyText} />
        ) : (
          employees.map((e, i) => (
            <Tr key={e.id} data-testid="employee-row">
              <Td className={cn(stickyName, longName)} title={e.name}>
                <Link to={`/employees/${e.id}`} className="text-link underline-offset-2 hover:underline">
                  {e.name}
                </Link>
              </Td>
              <Td className="max-w-40 break-words [overflow-wrap:anywhere]" data-testid="team-cell">
                {e.teamId ? (teamNames.get(e.teamId) ?? '') : <span className="text-muted-foreground">{teamText.noTeam}</span>}
              </Td>
              {/* Whether this person can sign in (decision 091): in words, not a colour. */}
              <Td className="text-xs whitespace-nowrap" data-testid="sign-in-cell">
                {e.userId != null ? 'Yes' : <span className="text-muted-foreground">No</span>}
              </Td>
              <Td>
                <EfficiencyBadge efficiency={e.efficiency} />
              </Td>
              <Td>
                <Schedule employee={e} />
              </Td>
              <Td>
                <ContractCell employee={e} />
              </Td>
              <Td className="text-sm">
                <Suspense fallback={<span className="text-muted-foreground">…</span>}>
                  <RemainingCell employeeId={e.id} />
                </Suspense>
              </Td>
              {canEdit ? (
                <Td className={stickyActions}>
                  <RowActions>
                    {showReorder ? (
                      <MoveButtons name={e.name} index={i} count={employees.length} disabled={reordering} onMove={(d) => onMove(e, d)} />
                    ) : null}
                    <Button variant="ghost" size="icon" aria-label={`Edit ${e.name}`} title="Edit" onClick={() => onEdit(e)}>
                      <Pencil className="h-4 w-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Contract history of ${e.name}`}
                      title="Contract history"
                      onClick={() => onHistory(e)}
                    >
                      <History className="h-4 w-4" />
                    </Button>
                    {onInvite && e.userId == null ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Invite ${e.name}`}
                        title="Invite to sign in"
                        onClick={() => onInvite(e)}
                      >
                        <MailPlus className="h-4 w-4" />
                      </Button>
                    ) : null}
                    <Button variant="ghost" size="icon" aria-label={`Delete ${e.name}`} title="Delete" onClick={() => onDelete(e)}>
                      <Trash2 className="h-4 w-4 text-destructive" />
                    </Button>
                  </RowActions>
                </Td>
              ) : null}
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}
