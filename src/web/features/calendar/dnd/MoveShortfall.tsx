import { ShortfallDialog } from '../../../components/coverage/ShortfallPanel';
import { rangeLabel } from '../../../components/coverage/suggestion-text';
import type { DropShortfall, RefusedMove } from './use-drop';

/**
 * A dragged exception the server refused because the new dates leave the site short (decision 098): the days,
 * nearby dates that keep cover (one click moves it there instead), or Save anyway with a reason. Back leaves
 * the exception where it was.
 */
export function MoveShortfall({ shortfall, refused }: { shortfall: DropShortfall; refused: RefusedMove }) {
  const { exception, span, mode, conflict } = refused;
  return (
    <ShortfallDialog
      title={mode === 'move' ? 'Move Exception' : 'Resize Exception'}
      description={`${exception.employeeName} – ${exception.reasonName}, ${rangeLabel(span.startDate, span.endDate)}`}
      conflict={conflict}
      suggest={{
        employeeId: exception.employeeId,
        reasonId: exception.reasonId,
        startDate: span.startDate,
        endDate: span.endDate,
        isFullDay: exception.isFullDay,
        hours: exception.hours,
        exceptionId: exception.id,
      }}
      onMove={(range) => shortfall.saveSpan(exception, range, mode)}
      onConfirm={(reason) => shortfall.saveSpan(exception, span, mode, reason)}
      onBack={shortfall.close}
      busy={shortfall.busy}
    />
  );
}
