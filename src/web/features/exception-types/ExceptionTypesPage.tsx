import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { TReason } from '../../../shared/contracts/calendar';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader, Spinner } from '../../components/ui/page';
import { useCanWrite, useIsAdmin } from '../../lib/session';
import { useDeleteExceptionType, useExceptionTypes, useReorderExceptionType } from './api';
import { ExceptionTypeDialog } from './ExceptionTypeDialog';
import { ExceptionTypeTable } from './ExceptionTypeTable';
import { SearchBox } from '../../components/ui/search-box';

const countText = (n: number) => `${n} ${n === 1 ? 'exception type' : 'exception types'}`;

/** Spec §2 Manage Exception Types: searchable, reorderable table with add, edit and delete. */
export default function ExceptionTypesPage() {
  const canWrite = useCanWrite();
  const isAdmin = useIsAdmin();
  // Decision 009: business-wide types are changed by admins only; site-only ones by any writer.
  const canChange = (r: TReason) => canWrite && (r.scope === 'site' || isAdmin);
  const list = useExceptionTypes();
  const reorder = useReorderExceptionType();
  const remove = useDeleteExceptionType();

  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; reason: TReason | null }>({ open: false, reason: null });
  const [deleting, setDeleting] = useState<TReason | null>(null);

  const reasons = useMemo(() => list.data ?? [], [list.data]);
  const term = search.trim().toLowerCase();
  const shown = useMemo(() => (term ? reasons.filter((r) => r.name.toLowerCase().includes(term)) : reasons), [reasons, term]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <section>
      <PageHeader
        title="Manage Exception Types"
        subtitle={list.data ? countText(reasons.length) : undefined}
        actions={
          canWrite ? (
            <Button onClick={() => setDialog({ open: true, reason: null })}>
              <Plus className="h-4 w-4" aria-hidden />
              Add Exception Type
            </Button>
          ) : null
        }
      />

      <SearchBox label="Search exception types" placeholder="Search exception types..." value={search} onChange={setSearch} />

      {list.isPending ? (
        <Spinner label="Loading exception types..." />
      ) : (
        <ExceptionTypeTable
          reasons={shown}
          emptyText={term ? 'No exception types found matching your search' : 'No exception types found. Add your first exception type!'}
          canWrite={canWrite}
          canChange={canChange}
          showReorder={!term}
          reordering={reorder.isPending}
          onMove={(r, direction) => reorder.mutate({ id: r.id, direction })}
          onEdit={(r) => setDialog({ open: true, reason: r })}
          onDelete={setDeleting}
        />
      )}

      {canWrite ? (
        <>
          <ExceptionTypeDialog open={dialog.open} reason={dialog.reason} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
            title="Delete Exception Type"
            description={`Are you sure you want to delete ${deleting?.name ?? 'this exception type'}? This action cannot be undone.`}
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
