import { Check } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { NOTE_PALETTE } from '../../../../shared/domain/defaults';
import { cn } from '../../../lib/cn';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The nine note colours as a radio group: one tab stop, arrow keys move and select (spec §9 palette). */
export function ColorSwatches({ value, onChange, labelledBy }: { value: string; onChange: (color: string) => void; labelledBy: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const current = NOTE_PALETTE.findIndex((c) => c.color.toLowerCase() === value.toLowerCase());
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = (Math.max(current, 0) + step + NOTE_PALETTE.length) % NOTE_PALETTE.length;
    onChange(NOTE_PALETTE[next].color);
    ref.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <div ref={ref} role="radiogroup" aria-labelledby={labelledBy} onKeyDown={onKeyDown} className="flex flex-wrap gap-2">
      {NOTE_PALETTE.map((c, i) => {
        const checked = i === current;
        return (
          <button
            key={c.color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={c.name}
            title={c.name}
            tabIndex={checked || (current < 0 && i === 0) ? 0 : -1}
            onClick={() => onChange(c.color)}
            style={{ backgroundColor: c.color }}
            className={cn(
              'flex h-8 w-8 items-center justify-center rounded-full border-2 border-transparent text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              checked && 'border-foreground ring-2 ring-card ring-inset',
            )}
          >
            {checked ? <Check className="h-4 w-4 drop-shadow" aria-hidden /> : null}
          </button>
        );
      })}
    </div>
  );
}
