import { Building2, Pencil, Trash2 } from 'lucide-react';
import type { TReason } from '../../../shared/contracts/calendar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyRow, RowActions, stickyActions, stickyActionsHead, Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { LockedActions } from './LockedActions';
import { MoveButtons } from '../../components/ui/move-buttons';

interface ExceptionTypeTableProps {
  reasons: TReason[];
  emptyText: string;
  /** Signed-in writers (not read-only) see the Actions column. */
  canWrite: boolean;
  /** Whether this user may edit and delete this type (business-wide ones: admins only). */
  canChange: (reason: TReason) => boolean;
  showReorder: boolean;
  reordering: boolean;
  onMove: (reason: TReason, direction: 'up' | 'down') => void;
  onEdit: (reason: TReason) => void;
  onDelete: (reason: TReason) => void;
}

export function TypeBadge({ isAdditive }: { isAdditive: boolean }) {
  return isAdditive ? (
    <Badge tone="green" data-type="additive">
      Additive
    </Badge>
  ) : (
    <Badge tone="neutral" data-type="deductive">
      Deductive
    </Badge>
  );
}

/** The type, and whether Staff may ask for it as time off (decision 113): in words, never by colour alone. */
function TypeBadges({ reason }: { reason: TReason }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <TypeBadge isAdditive={reason.isAdditive} />
      {reason.isRequestable ? (
        <Badge tone="blue" data-testid="reason-requestable">
          Requestable
        </Badge>
      ) : null}
    </span>
  );
}

/** Spec §2 Exception Types: colour dot, Name, Type (Additive or Deductive), Actions. */
export function ExceptionTypeTable(props: ExceptionTypeTableProps) {
  const { reasons, emptyText, canWrite, canChange, showReorder, reordering, onMove, onEdit, onDelete } = props;
  const columns = canWrite ? 4 : 3;
  return (
    <Table aria-label="Exception types">
      <THead>
        <Tr>
          <Th className="w-10 pr-0">
            <span className="sr-only">Colour</span>
          </Th>
          <Th>Name</Th>
          {/* Below sm the type shows under the name, so the actions stay in view at 390 px. */}
          <Th className="hidden sm:table-cell">Type</Th>
          {canWrite ? (
            <Th className={stickyActionsHead}>
              <span className="relative">Actions</span>
            </Th>
          ) : null}
        </Tr>
      </THead>
      <TBody>
        {reasons.length === 0 ? (
          <EmptyRow colSpan={columns} text={emptyText} />
        ) : (
          reasons.map((r, i) => (
            <Tr key={r.id} data-testid="reason-row" data-reason-id={r.id}>
              <Td className="pr-0">
                <span
                  data-testid="reason-color"
                  data-color={r.color}
                  title={r.color}
                  className="block h-4 w-4 rounded-full border border-black/10 dark:border-white/20"
                  style={{ backgroundColor: r.color }}
                />
              </Td>
              <Td>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span data-testid="reason-name" className="font-medium break-words">
                    {r.name}
                  </span>
                  {r.scope === 'business' ? (
                    <span
                      className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-muted-foreground"
                      title="Shared by every site of the business"
                    >
                      <Building2 className="h-3 w-3" aria-hidden />
                      Business-wide
                    </span>
                  ) : null}
                </div>
                <div className="mt-1 sm:hidden">
                  <TypeBadges reason={r} />
                </div>
              </Td>
              <Td className="hidden sm:table-cell">
                <TypeBadges reason={r} />
              </Td>
              {canWrite ? (
                <Td className={stickyActions}>
                  <RowActions>
                    {showReorder ? (
                      <MoveButtons name={r.name} index={i} count={reasons.length} disabled={reordering} onMove={(d) => onMove(r, d)} />
                    ) : null}
                    {canChange(r) ? (
                      <>
                        <Button variant="ghost" size="icon" aria-label={`Edit ${r.name}`} title="Edit" onClick={() => onEdit(r)}>
                          <Pencil className="h-4 w-4" />
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`Delete ${r.name}`} title="Delete" onClick={() => onDelete(r)}>
                          <Trash2 className="h-4 w-4 text-destructive" />
                        </Button>
                      </>
                    ) : (
                      <LockedActions name={r.name} />
                    )}
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
