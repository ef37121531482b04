import { AlertTriangle } from 'lucide-react';
import { shortLabel } from '../../../shared/domain/coverage-messages';
import { cn } from '../../lib/cn';

/** Red on every day background of both themes (awaiting yellow included), backed by the icon and the words. */
export const SHORT_TONE = 'text-red-700 dark:text-red-300';

/**
 * A day under the site's minimum hours (decision 099): the icon and "Short 6.5 h", never colour alone. `iconOnly`
 * where there is no room (a phone's month cell); the cell's name and the list under the grid say it in words.
 * `className` gives the display (`inline-flex`, or `hidden sm:inline-flex`): two display classes would fight.
 */
export function ShortfallMarker({ shortHours, iconOnly, className }: { shortHours: number; iconOnly?: boolean; className?: string }) {
  const label = shortLabel(shortHours);
  return (
    <span
      data-testid={iconOnly ? 'shortfall-icon' : 'shortfall-marker'}
      title={label}
      className={cn('min-w-0 items-center gap-0.5 font-semibold', SHORT_TONE, className)}
    >
      <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {iconOnly ? null : <span className="truncate">{label}</span>}
    </span>
  );
}
