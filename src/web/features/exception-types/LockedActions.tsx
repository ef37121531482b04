import { Lock } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip';

/**
 * Stands in for Edit and Delete on a business-wide type a non-admin may not change (decision 009): a
 * focusable lock whose tooltip (on hover and on focus) says why.
 */
export function LockedActions({ name }: { name: string }) {
  const why = 'Business-wide type: only an admin can edit or delete it.';
  return (
    <Tooltip content={why} side="top">
      <button
        type="button"
        aria-label={`${name} is locked: ${why}`}
        className="inline-flex h-8 w-8 cursor-help items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Lock className="h-4 w-4" aria-hidden />
      </button>
    </Tooltip>
  );
}
