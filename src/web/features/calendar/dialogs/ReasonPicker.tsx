import type { TReason } from '../../../../shared/contracts/calendar';
import { Dialog } from '../../../components/ui/dialog';
import { toastError } from '../../../components/ui/toast';
import { fullDateLabel } from '../dates';
import { MESSAGES } from '../../../lib/messages';

interface ReasonPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The site's exception types; anything but an array renders nothing (spec §2). */
  reasons: unknown;
  employeeName: string;
  date: string;
  onSelect: (reason: TReason) => void;
}

/** "Select Exception Type" after an employee is dropped on a day: each type with its colour and effect. */
export function ReasonPicker({ open, onOpenChange, reasons, employeeName, date, onSelect }: ReasonPickerProps) {
  if (!Array.isArray(reasons)) return null;
  const list = reasons as TReason[];
  const choose = (id: number) => {
    const reason = list.find((r) => r.id === id);
    if (!reason) toastError(MESSAGES.exception.reasonNotFound);
    else onSelect(reason);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Select Exception Type"
      description={
        <>
          For <span className="font-medium text-foreground">{employeeName}</span> on {fullDateLabel(date)}
        </>
      }
    >
      {list.length ? (
        <ul className="grid gap-1.5" aria-label="Exception types">
          {list.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => choose(r.id)}
                className="flex w-full items-center gap-3 rounded-md border border-border bg-card px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="h-3.5 w-3.5 shrink-0 rounded-full" style={{ backgroundColor: r.color }} aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{r.name}</span>
                <span className={r.isAdditive ? 'text-xs text-emerald-700 dark:text-emerald-400' : 'text-xs text-muted-foreground'}>
                  {r.isAdditive ? 'Adds hours' : 'Reduces hours'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No exception types yet. Add one under Manage Exception Types.</p>
      )}
    </Dialog>
  );
}
