import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * The frame scrolls a table that is wider than the screen; it is a named, focusable region so keyboard
 * users can scroll it too (axe: scrollable-region-focusable) when the table holds nothing focusable. It is
 * positioned, so an absolutely placed child (a screen-reader-only header label) is clipped by it rather than
 * widening the page.
 */
export const Table = ({ className, ...p }: HTMLAttributes<HTMLTableElement>) => (
  <div
    role={p['aria-label'] ? 'region' : undefined}
    aria-label={p['aria-label']}
    tabIndex={0}
    className="relative w-full overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
  >
    <table className={cn('w-full border-collapse text-sm', className)} {...p} />
  </div>
);

/** The actions column stays at the right edge while a narrow table scrolls sideways, so Edit and Delete stay reachable. */
export const stickyActions = 'sticky right-0 z-10 bg-card max-sm:border-l max-sm:border-border max-sm:px-1.5';
/** The header cell above it: opaque, so the scrolled columns do not show through. */
export const stickyActionsHead = cn(stickyActions, 'text-right before:absolute before:inset-0 before:bg-muted/60');

/** A row's action buttons: two by two below 640 px (a narrower column), in one line above. */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <div className="grid grid-cols-2 justify-items-center gap-0.5 sm:flex sm:justify-end">{children}</div>
);
export const THead = (p: HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className="bg-muted/60 text-left text-muted-foreground" {...p} />
);
export const TBody = (p: HTMLAttributes<HTMLTableSectionElement>) => <tbody {...p} />;
export const Tr = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn('border-t border-border first:border-t-0', className)} {...p} />
);
export const Th = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th className={cn('px-3 py-2 font-medium whitespace-nowrap', className)} {...p} />
);
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-3 py-2 align-middle', className)} {...p} />
);

/** The one row a list shows when it has nothing to show. */
export const EmptyRow = ({ colSpan, text }: { colSpan: number; text: string }) => (
  <Tr>
    <Td colSpan={colSpan} className="py-10 text-center text-muted-foreground">
      {text}
    </Td>
  </Tr>
);
