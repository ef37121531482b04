import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const Table = ({ className, ...p }: HTMLAttributes<HTMLTableElement>) => (
  <div className="w-full overflow-x-auto rounded-lg border border-border bg-card">
    <table className={cn('w-full border-collapse text-sm', className)} {...p} />
  </div>
);
export const THead = (p: HTMLAttributes<HTMLTableSectionElement>) => <thead className="bg-muted/60 text-left text-muted-foreground" {...p} />;
export const TBody = (p: HTMLAttributes<HTMLTableSectionElement>) => <tbody {...p} />;
export const Tr = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => <tr className={cn('border-t border-border first:border-t-0', className)} {...p} />;
export const Th = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => <th className={cn('px-3 py-2 font-medium whitespace-nowrap', className)} {...p} />;
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => <td className={cn('px-3 py-2 align-middle', className)} {...p} />;

/** The one row a list shows when it has nothing to show. */
export const EmptyRow = ({ colSpan, text }: { colSpan: number; text: string }) => (
  <Tr>
    <Td colSpan={colSpan} className="py-10 text-center text-muted-foreground">
      {text}
    </Td>
  </Tr>
);
