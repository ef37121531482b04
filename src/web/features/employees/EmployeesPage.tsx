import { Plus } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { TEmployee } from '../../../shared/contracts/employees';
import { Button } from '../../components/ui/button';
import { PageHeader, Spinner } from '../../components/ui/page';
import { urlOf } from '../../lib/api';
import { useCanWrite, useIsAdmin } from '../../lib/session';
import { useEmployees, useReorderEmployee } from './api';
import { EmployeeTable } from './EmployeeTable';
import { SearchBox } from '../../components/ui/search-box';
import { CsvActions } from '../../components/import/CsvActions';
import { teamText } from './messages';
import { useTeams } from './teams-api';
import { TeamFilter, type TeamFilterValue } from './TeamFilter';

// The add/edit form (react-hook-form and the contract's zod schema) loads when first opened (decision 047).
const EmployeeDialog = lazy(() => import('./EmployeeDialog').then((m) => ({ default: m.EmployeeDialog })));
const TeamsDialog = lazy(() => import('./TeamsDialog').then((m) => ({ default: m.TeamsDialog })));
// Decision 091: the invitation form loads only when an admin first opens it.
const InviteDialog = lazy(() => import('./InviteDialog').then((m) => ({ default: m.InviteDialog })));
// Deleting asks once, and again when the server counts past days it would change (decision 107): loaded on first use.
const DeleteEmployeeDialog = lazy(() => import('./DeleteEmployeeDialog').then((m) => ({ default: m.DeleteEmployeeDialog })));
const ContractHistoryDialog = lazy(() => import('./ContractHistoryDialog').then((m) => ({ default: m.ContractHistoryDialog })));

const countText = (n: number) => `${n} ${n === 1 ? 'employee' : 'employees'}`;

/** Spec §2 Employee Management: searchable, reorderable table with add, edit and delete; teams (decision 085). */
export default function EmployeesPage() {
  const canEdit = useCanWrite();
  const isAdmin = useIsAdmin();
  const teams = useTeams();
  const list = useEmployees();
  const reorder = useReorderEmployee();

  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; employee: TEmployee | null }>({ open: false, employee: null });
  const [deleting, setDeleting] = useState<TEmployee | null>(null);
  const [deleteWanted, setDeleteWanted] = useState(false);
  if (deleting && !deleteWanted) setDeleteWanted(true);
  const [dialogWanted, setDialogWanted] = useState(false);
  if (dialog.open && !dialogWanted) setDialogWanted(true);
  const [teamsOpen, setTeamsOpen] = useState(false);
  const [teamsWanted, setTeamsWanted] = useState(false);
  if (teamsOpen && !teamsWanted) setTeamsWanted(true);
  const [team, setTeam] = useState<TeamFilterValue>('all');
  const [history, setHistory] = useState<{ open: boolean; employee: TEmployee | null }>({ open: false, employee: null });
  const [inviting, setInviting] = useState<TEmployee | null>(null);
  const [inviteWanted, setInviteWanted] = useState(false);
  if (inviting && !inviteWanted) setInviteWanted(true);

  const employees = useMemo(() => list.data ?? [], [list.data]);
  const teamList = useMemo(() => teams.data ?? [], [teams.data]);
  const teamNames = useMemo(() => new Map(teamList.map((t) => [t.id, t.name])), [teamList]);
  // A filter on a team deleted meanwhile falls back to every team.
  const teamFilter = typeof team === 'number' && !teamNames.has(team) ? 'all' : team;
  const term = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      employees.filter(
        (e) =>
          (!term || e.name.toLowerCase().includes(term)) &&
          (teamFilter === 'all' || (teamFilter === 'none' ? !e.teamId : e.teamId === teamFilter)),
      ),
    [employees, term, teamFilter],
  );
  const filtered = !!term || teamFilter !== 'all';

  return (
    <section>
      <PageHeader
        title="Employee Management"
        subtitle={list.data ? countText(employees.length) : undefined}
        actions={
          <>
            <CsvActions kind="employees" exportHref={urlOf('GET /api/export/employees.csv')} canImport={canEdit} />
            {isAdmin && canEdit ? (
              <Button variant="outline" onClick={() => setTeamsOpen(true)}>
                {teamText.manage}
              </Button>
            ) : null}
            {canEdit ? (
              <Button onClick={() => setDialog({ open: true, employee: null })}>
                <Plus className="h-4 w-4" aria-hidden />
                Add Employee
              </Button>
            ) : null}
          </>
        }
      />

      <div className="flex flex-wrap items-start gap-x-3">
        <div className="min-w-0 flex-1 basis-60 sm:max-w-sm">
          <SearchBox label="Search employees" placeholder="Search employees..." value={search} onChange={setSearch} />
        </div>
        {teamList.length > 0 ? <TeamFilter teams={teamList} value={teamFilter} onChange={setTeam} /> : null}
      </div>

      {list.isPending ? (
        <Spinner label="Loading employees..." />
      ) : (
        <EmployeeTable
          employees={shown}
          teamNames={teamNames}
          emptyText={filtered ? 'No employees found matching your search' : 'No employees found. Add your first employee!'}
          canEdit={canEdit}
          showReorder={!filtered}
          reordering={reorder.isPending}
          onMove={(e, direction) => reorder.mutate({ id: e.id, direction })}
          onEdit={(e) => setDialog({ open: true, employee: e })}
          onHistory={(e) => setHistory({ open: true, employee: e })}
          onDelete={setDeleting}
          onInvite={isAdmin && canEdit ? setInviting : undefined}
        />
      )}

      {canEdit ? (
        <>
          {dialogWanted ? (
            <Suspense fallback={null}>
              <EmployeeDialog open={dialog.open} employee={dialog.employee} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
            </Suspense>
          ) : null}
          {teamsWanted ? (
            <Suspense fallback={null}>
              <TeamsDialog open={teamsOpen} onOpenChange={setTeamsOpen} />
            </Suspense>
          ) : null}
          {history.employee ? (
            <Suspense fallback={null}>
              <ContractHistoryDialog
                open={history.open}
                employee={history.employee}
                onOpenChange={(open) => setHistory((h) => ({ ...h, open }))}
              />
            </Suspense>
          ) : null}
          {inviteWanted ? (
            <Suspense fallback={null}>
              <InviteDialog employee={inviting} onClose={() => setInviting(null)} />
            </Suspense>
          ) : null}
          {deleteWanted ? (
            <Suspense fallback={null}>
              <DeleteEmployeeDialog employee={deleting} onClose={() => setDeleting(null)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
