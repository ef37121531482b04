import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TContract } from '../../../shared/contracts/employee-contracts';
import type { TEmployee } from '../../../shared/contracts/employees';
import { PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/page';
import { messageOf } from '../../lib/api';
import { contractStart, localDay } from '../../lib/day-label';
import { useIsAdmin } from '../../lib/session';
import { serverMessageOr } from './api';
import { ContractForm } from './ContractForm';
import { ContractVersions } from './ContractVersions';
import { EndDateForm } from './EndDateForm';
import { isAdminOnlyRefusal, isPastChangeRefusal, useContractChange, useContracts, type ContractChange } from './contracts-api';

/** The browser's calendar day: what the server calls today for the past-change rule, near enough to warn ahead. */
const localDayOf = (d: Date) => localDay(d);

interface ContractHistoryDialogProps {
  open: boolean;
  employee: TEmployee | null;
  onOpenChange: (open: boolean) => void;
}

/** An employee's contract versions by date, with add, edit, delete and the end date (decision 076). */
export function ContractHistoryDialog({ open, employee, onOpenChange }: ContractHistoryDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={employee ? `Contract history: ${employee.name}` : 'Contract history'}
      description="Each version sets the weekly hours and efficiency from its start date until the next one starts."
    >
      {employee ? <ContractHistory employeeId={employee.id} /> : null}
    </Dialog>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; contract: TContract } | null;

function ContractHistory({ employeeId }: { employeeId: number }) {
  const list = useContracts(employeeId);
  const change = useContractChange(employeeId);
  const isAdmin = useIsAdmin();
  const today = localDayOf(new Date());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TContract | null>(null);
  const [past, setPast] = useState<{ change: ContractChange; message: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The form that held focus is gone after a save: focus lands on Add version, not on the dialog's frame.
  const addButton = useRef<HTMLButtonElement>(null);
  // A refusal shows above the versions, out of view while a long form is scrolled to its buttons.
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);

  const run = (c: ContractChange, confirmPast = false) => {
    setRefusal(null);
    change.mutate(
      { change: c, confirmPast },
      {
        onSuccess: () => {
          setEditing(null);
          setDeleting(null);
          setPast(null);
          requestAnimationFrame(() => addButton.current?.focus());
        },
        onError: (err) => {
          setDeleting(null);
          if (isPastChangeRefusal(err)) return setPast({ change: c, message: err.message });
          setPast(null);
          if (isAdminOnlyRefusal(err)) return setRefusal(`${err.message} Ask an administrator of this site to make this change.`);
          setRefusal(serverMessageOr(err, 'Failed to save the contract. Please try again.'));
        },
      },
    );
  };

  if (list.isPending) return <Spinner label="Loading contracts..." />;
  if (list.isError)
    return <p role="alert" className="text-sm text-destructive">{`Error loading contracts: ${messageOf(list.error, 'Unknown error')}`}</p>;

  const { contracts, endDate } = list.data;
  const current = contracts.find((c) => c.current) ?? contracts[contracts.length - 1] ?? null;

  return (
    <div className="space-y-4">
      {refusal ? (
        <p
          ref={refusalRef}
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {refusal}
        </p>
      ) : null}

      <ContractVersions
        contracts={contracts}
        editingId={editing?.kind === 'edit' ? editing.contract.id : null}
        busy={change.isPending}
        onEdit={(contract) => {
          setRefusal(null);
          setEditing({ kind: 'edit', contract });
        }}
        onDelete={setDeleting}
        renderEditor={(contract) => (
          <ContractForm
            key={contract.id}
            contract={contract}
            startFrom={null}
            today={today}
            isAdmin={isAdmin}
            saving={change.isPending}
            onSubmit={(body) => run({ kind: 'edit', contractId: contract.id, body })}
            onCancel={() => setEditing(null)}
          />
        )}
      />

      {editing?.kind === 'add' ? (
        <ContractForm
          contract={null}
          startFrom={current}
          today={today}
          isAdmin={isAdmin}
          saving={change.isPending}
          onSubmit={(body) => run({ kind: 'add', body })}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <PendingButton
          ref={addButton}
          variant="outline"
          onClick={() => {
            setRefusal(null);
            setEditing({ kind: 'add' });
          }}
          pending={change.isPending}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add version
        </PendingButton>
      )}

      <EndDateForm
        key={endDate ?? ''}
        endDate={endDate}
        today={today}
        isAdmin={isAdmin}
        saving={change.isPending}
        onSave={(value) => run({ kind: 'end', endDate: value })}
      />

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && !change.isPending && setDeleting(null)}
        title="Delete contract version"
        description={
          deleting
            ? `Delete the version from ${contractStart(deleting.validFrom)}? The days it covers take the hours of the versions around it.`
            : ''
        }
        confirmText={change.isPending ? 'Deleting...' : 'Delete'}
        destructive
        busy={change.isPending}
        onConfirm={() => deleting && run({ kind: 'delete', contractId: deleting.id })}
      />
      <ConfirmDialog
        open={!!past}
        onOpenChange={(o) => !o && !change.isPending && setPast(null)}
        title="Change past hours?"
        description={past?.message ?? ''}
        confirmText={change.isPending ? 'Saving...' : 'Confirm'}
        busy={change.isPending}
        onConfirm={() => past && run(past.change, true)}
      />
    </div>
  );
}
