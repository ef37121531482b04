import { Plus } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { TEmployee } from '../../../shared/contracts/employees';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader, Spinner } from '../../components/ui/page';
import { urlOf } from '../../lib/api';
import { useCanWrite } from '../../lib/session';
import { useDeleteEmployee, useEmployees, useReorderEmployee } from './api';
import { EmployeeTable } from './EmployeeTable';
import { SearchBox } from '../../components/ui/search-box';
import { CsvActions } from '../../components/import/CsvActions';

// The add/edit form (react-hook-form and the contract's zod schema) loads when first opened (decision 047).
const EmployeeDialog = lazy(() => import('./EmployeeDialog').then((m) => ({ default: m.EmployeeDialog })));
const ContractHistoryDialog = lazy(() => import('./ContractHistoryDialog').then((m) => ({ default: m.ContractHistoryDialog })));

const countText = (n: number) => `${n} ${n === 1 ? 'employee' : 'employees'}`;

/** Spec §2 Employee Management: searchable, reorderable table with add, edit and delete. */
export default function EmployeesPage() {
  const canEdit = useCanWrite();
  const list = useEmployees();
  const reorder = useReorderEmployee();
  const remove = useDeleteEmployee();

  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; employee: TEmployee | null }>({ open: false, employee: null });
  const [deleting, setDeleting] = useState<TEmployee | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  if (dialog.open && !dialogWanted) setDialogWanted(true);
  const [history, setHistory] = useState<{ open: boolean; employee: TEmployee | null }>({ open: false, employee: null });

  const employees = useMemo(() => list.data ?? [], [list.data]);
  const term = search.trim().toLowerCase();
  const shown = useMemo(() => (term ? employees.filter((e) => e.name.toLowerCase().includes(term)) : employees), [employees, term]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <section>
      <PageHeader
        title="Employee Management"
        subtitle={list.data ? countText(employees.length) : undefined}
        actions={
          <>
            <CsvActions kind="employees" exportHref={urlOf('GET /api/export/employees.csv')} canImport={canEdit} />
            {canEdit ? (
              <Button onClick={() => setDialog({ open: true, employee: null })}>
                <Plus className="h-4 w-4" aria-hidden />
                Add Employee
              </Button>
            ) : null}
          </>
        }
      />

      <SearchBox label="Search employees" placeholder="Search employees..." value={search} onChange={setSearch} />

      {list.isPending ? (
        <Spinner label="Loading employees..." />
      ) : (
        <EmployeeTable
          employees={shown}
          emptyText={term ? 'No employees found matching your search' : 'No employees found. Add your first employee!'}
          canEdit={canEdit}
          showReorder={!term}
          reordering={reorder.isPending}
          onMove={(e, direction) => reorder.mutate({ id: e.id, direction })}
          onEdit={(e) => setDialog({ open: true, employee: e })}
          onHistory={(e) => setHistory({ open: true, employee: e })}
          onDelete={setDeleting}
        />
      )}

      {canEdit ? (
        <>
          {dialogWanted ? (
            <Suspense fallback={null}>
              <EmployeeDialog open={dialog.open} employee={dialog.employee} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
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
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
            title="Delete Employee"
            description={`Are you sure you want to delete ${deleting?.name ?? 'this employee'}? Their exceptions will be deleted too. This action cannot be undone.`}
            confirmText={remove.isPending ? 'Deleting...' : 'Delete'}
            destructive
            busy={remove.isPending}
            onConfirm={confirmDelete}
          />
        </>
      ) : null}
    </section>
  );
}
