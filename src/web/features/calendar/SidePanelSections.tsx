import type { CSSProperties } from 'react';
import type { TReason } from '../../../shared/contracts/calendar';
import type { TEmployee } from '../../../shared/contracts/employees';
import { NOTE_PALETTE } from '../../../shared/domain/defaults';
import { SideDraggable } from './dnd/SideDraggable';

/** Writers drag an employee onto a day to add an exception (reason picker, then the range dialog). */
export function EmployeeItems({
  employees,
  canEdit = false,
  filtered = false,
}: {
  employees: readonly TEmployee[] | undefined;
  canEdit?: boolean;
  /** The list is narrowed by the calendar's filters: an empty one says so. */
  filtered?: boolean;
}) {
  if (!employees) return <p className="px-1 text-sm text-muted-foreground">Loading...</p>;
  if (!employees.length)
    return <p className="px-1 text-sm text-muted-foreground">{filtered ? 'No employees match the filters' : 'No employees yet'}</p>;
  return (
    <ul className="space-y-1" aria-label="Employees">
      {employees.map((e) => (
        <li key={e.id}>
          <SideDraggable
            id={`employee:${e.id}`}
            item={{ kind: 'employee', name: e.name, employee: e }}
            disabled={!canEdit}
            className="truncate rounded-md border border-border bg-background px-2 py-1 text-sm"
          >
            <span title={e.name}>{e.name}</span>
          </SideDraggable>
        </li>
      ))}
    </ul>
  );
}

/** Writers drag a colour onto a day to add a note in that colour. */
export function NoteTemplateItems({ canEdit = false }: { canEdit?: boolean }) {
  return (
    <ul className="grid grid-cols-3 gap-1" aria-label="Note templates">
      {NOTE_PALETTE.map((n) => (
        <li key={n.color}>
          <SideDraggable
            id={`template:${n.color}`}
            item={{ kind: 'template', name: n.name, color: n.color }}
            disabled={!canEdit}
            style={{ '--pill': n.color } as CSSProperties}
            className="flex items-center gap-1.5 rounded-sm border-l-[3px] border-(--pill) bg-[color-mix(in_srgb,var(--pill)_20%,transparent)] px-1.5 py-1 text-xs"
          >
            {n.name}
          </SideDraggable>
        </li>
      ))}
    </ul>
  );
}

export function ReasonItems({ reasons }: { reasons: readonly TReason[] | undefined }) {
  if (!reasons) return <p className="px-1 text-sm text-muted-foreground">Loading...</p>;
  if (!reasons.length) return <p className="px-1 text-sm text-muted-foreground">No exception types yet</p>;
  return (
    <ul className="space-y-1" aria-label="Exception types">
      {reasons.map((r) => (
        <li key={r.id} className="flex items-center gap-2 rounded-md border border-border bg-background px-2 py-1 text-sm">
          <span className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: r.color }} aria-hidden />
          <span className="min-w-0 flex-1 truncate">{r.name}</span>
          <span className={r.isAdditive ? 'text-xs text-emerald-700 dark:text-emerald-400' : 'text-xs text-muted-foreground'}>
            {r.isAdditive ? 'Adds hours' : 'Reduces hours'}
          </span>
        </li>
      ))}
    </ul>
  );
}
