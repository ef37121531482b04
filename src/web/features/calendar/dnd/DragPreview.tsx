import { MoveHorizontal, StickyNote, User } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { DragItem } from './drop';

/** What follows the pointer: the pill, the employee or the note template, in its colour. */
export function DragPreview({ item }: { item: DragItem }) {
  const color = item.kind === 'pill' ? item.pill.color : item.kind === 'template' ? item.color : undefined;
  return (
    <div
      data-testid="drag-preview"
      style={color ? ({ '--pill': color } as CSSProperties) : undefined}
      className={
        color
          ? 'flex h-full min-h-5 w-full items-center gap-1 truncate rounded-sm border-l-[3px] border-(--pill) bg-[color-mix(in_srgb,var(--pill)_35%,var(--color-card))] px-1.5 text-[11px] leading-5 text-foreground shadow-lg ring-1 ring-black/10'
          : 'flex h-full w-full items-center gap-2 truncate rounded-md border border-primary bg-card px-2 py-1 text-sm text-foreground shadow-lg'
      }
    >
      {item.kind === 'employee' ? <User className="h-4 w-4 shrink-0 text-primary" aria-hidden /> : null}
      {item.kind === 'template' ? <StickyNote className="h-3.5 w-3.5 shrink-0" aria-hidden /> : null}
      {item.kind === 'pill' && item.mode !== 'move' ? <MoveHorizontal className="h-3 w-3 shrink-0" aria-hidden /> : null}
      <span className="truncate">{item.kind === 'pill' ? item.pill.text : item.name}</span>
    </div>
  );
}
