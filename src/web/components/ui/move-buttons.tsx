import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from './button';

interface MoveButtonsProps {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (direction: 'up' | 'down') => void;
}

/**
 * Up and down arrows of an ordered list row; the first cannot go up, the last cannot go down. While a
 * move is saved the arrows are aria-disabled, not disabled: a disabled button would drop focus to the page.
 */
export function MoveButtons({ name, index, count, disabled, onMove }: MoveButtonsProps) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={index === 0}
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && onMove('up')}
      >
        <ArrowUp className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={index === count - 1}
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && onMove('down')}
      >
        <ArrowDown className="h-4 w-4" />
      </Button>
    </>
  );
}
