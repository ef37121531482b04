import { cn } from '../lib/cn';

/**
 * "1,234 / 2,000" under a text field: the limit is visible before it is reached, and past it the count
 * turns red while the form's schema refuses the text (nothing is ever cut silently).
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  return (
    <p
      id={id}
      data-testid={id}
      className={cn('text-right text-xs tabular-nums', over ? 'font-medium text-destructive' : 'text-muted-foreground')}
    >
      {length.toLocaleString('en-GB')} / {max.toLocaleString('en-GB')}
      {over ? <span className="sr-only"> characters, over the limit</span> : <span className="sr-only"> characters</span>}
    </p>
  );
}
