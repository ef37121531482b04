import { Tooltip as T } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** A hover and focus tooltip on one trigger element (which must accept a ref and props). */
export function Tooltip({
  content,
  children,
  side = 'bottom',
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <T.Provider delayDuration={300}>
      <T.Root>
        <T.Trigger asChild>{children}</T.Trigger>
        <T.Portal>
          <T.Content
            side={side}
            sideOffset={6}
            className="z-50 max-w-xs rounded-md border border-border bg-card px-2.5 py-1.5 text-xs text-foreground shadow-md"
          >
            {content}
            <T.Arrow className="fill-card" />
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}
