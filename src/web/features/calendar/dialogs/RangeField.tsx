import { useState } from 'react';
import { FieldError } from '../../../components/ui/input';
import { WEEKDAY_NAMES } from '../../../lib/weekdays';
import { MONTH_SHORT, partsOf } from '../dates';
import { weekdayIndex } from '../../../../shared/domain/dates';
import { pickDay, startPick, type DayRange } from './range';
import { RangeCalendar } from './RangeCalendar';

/** "Wed 3 Mar 2027" */
export function rangeDayLabel(date: string): string {
  const { year, month, day } = partsOf(date);
  return `${WEEKDAY_NAMES[weekdayIndex(date)].slice(0, 3)} ${day} ${MONTH_SHORT[month - 1]} ${year}`;
}

/** "3 Mar 2027 – 5 Mar 2027", or "3 Mar 2027 (Single day)" when both ends are the same day. */
export function rangeSummary(range: DayRange): string | null {
  if (!range.from || !range.to) return null;
  return range.from === range.to
    ? `${rangeDayLabel(range.from)} (Single day)`
    : `${rangeDayLabel(range.from)} – ${rangeDayLabel(range.to)}`;
}

interface RangeFieldProps {
  id: string;
  label: string;
  range: DayRange;
  onChange: (range: Required<DayRange>) => void;
  error?: string;
}

/** The range calendar with its rule (first click one day, second click the end) and the "Selected range" line. */
export function RangeField({ id, label, range, onChange, error }: RangeFieldProps) {
  const [awaitingEnd, setAwaitingEnd] = useState(() => startPick(range).awaitingEnd);
  const summary = rangeSummary(range);
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-summary ${id}-hint`}>
      <legend className="text-sm font-medium text-foreground">{label}</legend>
      <RangeCalendar
        label={label}
        range={range}
        onPick={(day) => {
          const next = pickDay({ range, awaitingEnd }, day);
          setAwaitingEnd(next.awaitingEnd);
          onChange({ from: next.range.from!, to: next.range.to! });
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {awaitingEnd ? 'Click another day to end the range.' : 'Click a day for a single day, then another to make a range.'}
      </p>
      <p id={`${id}-summary`} data-testid="range-summary" className="text-sm" aria-live="polite">
        {summary ? (
          <>
            <span className="text-muted-foreground">Selected range: </span>
            <span className="font-medium">{summary}</span>
          </>
        ) : (
          <span className="text-muted-foreground">No dates selected</span>
        )}
      </p>
      <FieldError message={error} />
    </fieldset>
  );
}
