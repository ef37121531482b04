import { Check } from 'lucide-react';
import { DEFAULT_REASON_COLOR, HEX_COLOR } from '../../../shared/contracts/reasons';
import { NOTE_PALETTE } from '../../../shared/domain/defaults';
import { FieldError, Input, Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';

/** `#rgb` → `#rrggbb`, the only form a native colour input takes; anything invalid gives the default. */
export function toLongHex(value: string): string {
  const v = value.trim();
  if (!HEX_COLOR.test(v)) return DEFAULT_REASON_COLOR;
  if (v.length === 4) return `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return v.toLowerCase();
}

interface ColorFieldProps {
  value: string;
  onChange: (color: string) => void;
  onBlur?: () => void;
  error?: string;
}

/** The colour of an exception type: nine preset swatches, a hex text field and a native picker, kept in step. */
export function ColorField({ value, onChange, onBlur, error }: ColorFieldProps) {
  const current = value.trim().toLowerCase();
  const valid = HEX_COLOR.test(current);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-foreground">Colour</legend>
      <div role="radiogroup" aria-label="Preset colours" className="flex flex-wrap gap-1.5 sm:gap-2">
        {NOTE_PALETTE.map((p) => {
          const selected = valid && toLongHex(current) === p.color;
          return (
            <button
              key={p.color}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={p.name}
              title={`${p.name} (${p.color})`}
              onClick={() => onChange(p.color)}
              className={cn(
                'flex h-7 w-7 items-center justify-center rounded-full sm:h-8 sm:w-8 border border-black/10 transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:border-white/20',
                selected && 'ring-2 ring-foreground ring-offset-2 ring-offset-card',
              )}
              style={{ backgroundColor: p.color }}
            >
              {selected ? <Check className="h-4 w-4 text-white drop-shadow" aria-hidden strokeWidth={3} /> : null}
            </button>
          );
        })}
      </div>
      <div className="flex items-end gap-2">
        <div className="flex-1 space-y-1">
          <Label htmlFor="reason-color" className="text-xs text-muted-foreground">
            Custom colour (hex)
          </Label>
          <Input
            id="reason-color"
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            placeholder={DEFAULT_REASON_COLOR}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            aria-describedby="reason-color-error"
            aria-invalid={error ? true : undefined}
            className="font-mono"
          />
        </div>
        <input
          type="color"
          aria-label="Pick a custom colour"
          value={toLongHex(value)}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-12 cursor-pointer rounded-md border border-border bg-card p-1"
        />
      </div>
      <FieldError id="reason-color-error" message={error} />
    </fieldset>
  );
}
