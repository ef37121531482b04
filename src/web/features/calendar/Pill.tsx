import type { CSSProperties } from 'react';
import { cn } from '../../lib/cn';
import type { CalendarPill } from './model';
import { PENDING_HATCH } from './pending-requests';

interface PillProps {
  pill: CalendarPill;
  index: number;
  tabbable: boolean;
  size?: 'sm' | 'md';
  /** The day the pill is drawn on (grid cells), for the start and end handles. */
  date?: string;
  /** Draggable, with handles on its first and last day (writers, month and week grids). */
  editable?: boolean;
  /** The drag instructions for screen readers. */
  describedBy?: string;
}

/** Move cursor; the resize handles on a first or last day's edges are drawn on hover by GridDragSource's style. */
const EDITABLE = 'relative cursor-move';

/**
 * One exception or note on a day: a tinted chip in the reason's or note's colour, readable in both
 * themes. No handlers of its own: the grid delegates clicks (thousands of pills, one listener).
 */
export function Pill({ pill, index, tabbable, size = 'sm', date, editable, describedBy }: PillProps) {
  const span = pill.kind === 'exception' ? pill.exception : pill.note;
  // Writers drag the pill (move) or its first or last day's edge (resize); the grid reads these attributes.
  const pending = pill.kind === 'exception' && pill.pending;
  const handles = editable && !pending && date !== undefined;
  return (
    <button
      type="button"
      data-pill={index}
      data-key={pill.key}
      data-editable={(editable && !pending) || undefined}
      data-start={(handles && date === span.startDate) || undefined}
      data-end={(handles && date === span.endDate) || undefined}
      aria-describedby={describedBy}
      tabIndex={tabbable ? 0 : -1}
      title={pill.text}
      style={{ '--pill': pill.color } as CSSProperties}
      className={cn(
        // Opaque: the tint is mixed with the card colour, not with whatever is behind, so a yellow (awaiting)
        // or blue (today) day cannot shift the type's colour (purple Training read as tan on yellow).
        'block w-full rounded-sm border-l-[3px] border-(--pill) bg-[color-mix(in_srgb,var(--pill)_20%,var(--color-card))] text-left text-foreground hover:bg-[color-mix(in_srgb,var(--pill)_32%,var(--color-card))] focus-visible:outline-2 focus-visible:outline-ring',
        // Month cells keep one line per pill (row height counts pills); week and day views wrap.
        size === 'sm' ? 'h-5 truncate px-1.5 text-[11px] leading-5' : 'px-2 py-1 text-sm break-words [overflow-wrap:anywhere]',
        pill.kind === 'note' && 'italic',
        // Tentative: hatched and dashed, besides the word "Pending" in its text (colour is never the only cue).
        pending && PENDING_HATCH,
        editable && !pending ? EDITABLE : 'cursor-pointer',
      )}
    >
      {pill.kind === 'note' ? <span className="sr-only">Note: </span> : null}
      {pill.text}
    </button>
  );
}

/** Narrow screens: up to three colour dots, then "+N" for the rest. */
export function PillDots({ pills }: { pills: readonly CalendarPill[] }) {
  if (pills.length === 0) return null;
  const shown = pills.slice(0, 3);
  return (
    <span className="flex items-center gap-0.5" aria-hidden>
      {shown.map((p, i) => (
        <span key={i} className="h-1.5 w-1.5 rounded-full" style={{ backgroundColor: p.color }} />
      ))}
      {pills.length > shown.length ? (
        <span className="text-[10px] leading-none text-muted-foreground">+{pills.length - shown.length}</span>
      ) : null}
    </span>
  );
}
